/**
 * The media library's calls (declared in @vela/contracts/mediathek; the session cookie says who asks).
 */
import {
  mediathekEndpoints as e,
  type MediaType,
  type MediathekPhotoSection,
  type MediathekVideoSection,
} from '@vela/contracts/mediathek';
import { endpointData } from '../api/rest.ts';

export const mediathekApi = {
  videoSection: (section: MediathekVideoSection, offset: number) =>
    endpointData(e.videoSection, { params: { section }, query: { offset } }),
  photoSection: (section: MediathekPhotoSection, offset: number) =>
    endpointData(e.photoSection, { params: { section }, query: { offset } }),
  playlists: () => endpointData(e.playlists),
  createPlaylist: (name: string) => endpointData(e.createPlaylist, { body: { name } }),
  playlist: (playlistId: number) => endpointData(e.playlist, { params: { playlistId } }),
  savePlaylist: (playlistId: number, body: { name?: string; videoIds?: number[] }) =>
    endpointData(e.savePlaylist, { params: { playlistId }, body }),
  deletePlaylist: (playlistId: number) => endpointData(e.deletePlaylist, { params: { playlistId } }),
  addToPlaylist: (playlistId: number, videoId: number) =>
    endpointData(e.addToPlaylist, { params: { playlistId }, body: { videoId } }),
  removeFromPlaylist: (playlistId: number, videoId: number) =>
    endpointData(e.removeFromPlaylist, { params: { playlistId, videoId } }),
  archive: (mediaType: MediaType, itemId: number) => endpointData(e.archive, { body: { mediaType, itemId } }),
  restore: (mediaType: MediaType, itemId: number) =>
    endpointData(e.restore, { params: { mediaType, itemId } }),
};
