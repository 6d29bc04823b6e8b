import { apiHandler } from '@/lib/api';
import { attachPhotoHandler, detachPhotoHandler } from '@/lib/photos/handlers';

type Params = { kind: string; id: string };

export const PUT = apiHandler<Params>((request, { params }) => attachPhotoHandler(request, params));
export const DELETE = apiHandler<Params>((request, { params }) => detachPhotoHandler(request, params));
