export { JoinForm } from './components/join-form';
export { LoginForm } from './components/login-form';
