export { MediaLibraryPage } from './components/media-library-page';
export { useUploadFile, type Uploader } from './api/upload-file';
export { validateFile, mimeTypeOf } from './utils/validate-file';
