import { RestError } from '../api/rest.ts';
import type { GalleryT } from './hooks/useGalleryT.ts';

/** A message a person can act on for a failed gallery call. */
export function galleryErrorMessage(error: unknown, t: GalleryT): string {
  if (!(error instanceof RestError)) return t('error.generic');
  switch (error.code) {
    case 'NETWORK':
      return t('error.network');
    case 'ALREADY_COMMENTED':
      return t('comments.already');
    case 'COMMENT_EMPTY':
      return t('comments.emptyText');
    case 'COMMENT_TOO_LONG':
      return t('comments.tooLong');
    case 'ALBUM_NOT_FOUND':
      return t('error.notFound');
    case 'NOT_LOGGED_IN':
    case 'UNAUTHORIZED':
      return t('error.login');
    default:
      return t('error.generic');
  }
}
