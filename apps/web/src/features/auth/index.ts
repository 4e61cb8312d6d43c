export { logout } from './api/logout';
export { SignInPage } from './components/sign-in-page';
