export { MediaLibraryPage } from './components/media-library-page';
