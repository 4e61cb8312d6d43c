export { logout } from './api/logout';
