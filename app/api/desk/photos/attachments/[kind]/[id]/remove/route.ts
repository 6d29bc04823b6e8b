import { apiHandler } from '@/lib/api';
import { detachPhotoFormHandler } from '@/lib/photos/handlers';

type Params = { kind: string; id: string };

export const POST = apiHandler<Params>((request, { params }) => detachPhotoFormHandler(request, params));
