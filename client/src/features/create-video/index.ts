export { createSingleVideoRoute } from './components/routes';
