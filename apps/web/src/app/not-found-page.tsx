import { Link } from 'react-router';

export function NotFoundPage({ message = 'The page you are looking for does not exist.' }: { message?: string }) {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>{message}</p>
      <Link to="/" className="btn btn-primary">
        Go to the start page
      </Link>
    </div>
  );
}
