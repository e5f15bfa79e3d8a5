export { TermsPage } from './components/terms-page';
