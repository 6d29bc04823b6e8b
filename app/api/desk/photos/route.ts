import { apiHandler } from '@/lib/api';
import { uploadPhotoHandler } from '@/lib/photos/handlers';

export const POST = apiHandler((request) => uploadPhotoHandler(request));
