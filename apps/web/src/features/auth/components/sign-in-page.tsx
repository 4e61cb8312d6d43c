import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '@nzeta/domain/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import logo from '../../../assets/logo.svg';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth-context';
import { toast } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';

const signInForm = loginInput.extend({ remember: z.boolean() });
type SignInForm = z.infer<typeof signInForm>;

/** The console page a signed-out member asked for (staff-layout.tsx passes it), if it is one. */
function askedFor(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('//') ? from : paths.admin.dashboard;
}

/** The staff sign-in screen (SPEC §2.2). */
export function SignInPage() {
  const { productTitle } = useAppConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  const target = askedFor(useLocation().state);
  const signIn = useSignIn();
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInForm>({
    resolver: zodResolver(signInForm),
    defaultValues: { email: '', password: '', remember: true },
  });

  if (auth.isAuth) return <Navigate to={target} replace />;

  const onSubmit = handleSubmit(async ({ remember, ...input }) => {
    const answer = await signIn.mutateAsync(input);
    if (answer.status === 1 && answer.jwtToken) {
      auth.signIn(answer.jwtToken, remember);
      // Earlier failures ("Invalid credentials") do not follow the member into the console.
      toast.dismiss();
      toast.success(answer.message);
      navigate(answer.data?.mfaSetupRequired ? paths.admin.security : target, { replace: true });
      return;
    }
    if (answer.code === 'MFA_CODE_REQUIRED') setNeedsCode(true);
    if (answer.message) toast.error(answer.message);
  });

  return (
    <div className="sign-in-page">
      <div className="sign-in-card">
        <div className="logo-badge">
          <img src={logo} alt="NZeTA" width={72} height={72} />
        </div>
        <h1 className="sign-in-title">{productTitle}</h1>
        <p className="sign-in-subtitle">Staff sign-in</p>
        <form onSubmit={onSubmit} noValidate>
          <div className="mb-3">
            <label htmlFor="email" className="form-label">
              Email ID
            </label>
            <input
              id="email"
              type="email"
              autoComplete="username"
              className={`form-control${errors.email ? ' is-invalid' : ''}`}
              placeholder="Your Email Address"
              {...register('email')}
            />
            {errors.email && <div className="invalid-feedback">{errors.email.message}</div>}
          </div>
          <div className="mb-3">
            <label htmlFor="password" className="form-label">
              Password
            </label>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              className={`form-control${errors.password ? ' is-invalid' : ''}`}
              placeholder="Password"
              {...register('password')}
            />
            {errors.password && <div className="invalid-feedback">{errors.password.message}</div>}
          </div>
          {needsCode && (
            <div className="mb-3">
              <label htmlFor="otp" className="form-label">
                Authentication code
              </label>
              <input
                id="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                className="form-control"
                placeholder="6-digit code or recovery code"
                {...register('otp')}
              />
            </div>
          )}
          <div className="sign-in-row">
            <label className="custom-check">
              <input type="checkbox" {...register('remember')} />
              <span className="box" aria-hidden="true" />
              Remember me
            </label>
            <Link to={paths.forgotPassword} className="forget-link">
              Forgot password?
            </Link>
          </div>
          <button type="submit" className="btn btn-primary sign-in-button" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign In'}
          </button>
        </form>
      </div>
    </div>
  );
}
