/**
 * The calls that keep their path as a constant (decision 0032: they run on every page, or read their
 * answer without a schema, and must not load a contract module with zod on the first load) still
 * say what the declarations say: a renamed path fails here.
 */
import { endpointPath } from '@vela/contracts/endpoint';
import { searchEndpoints } from '@vela/contracts/search-api';
import { trackerEndpoints } from '@vela/contracts/tracker-api';
import { describe, expect, it } from 'vitest';
import { TRACKER_URL } from '../analytics/track.ts';
import { WEBSOCKET_ERROR_URL } from '../realtime/api/connectionErrorReporter.ts';
import { searchUrl } from '../search/api.ts';

describe('REST paths kept as constants match their declarations', () => {
  it('tracker/track and logger/websocketConnectionError (POST)', () => {
    expect(trackerEndpoints.track.method).toBe('POST');
    expect(TRACKER_URL).toBe(`/rest/v1/${endpointPath(trackerEndpoints.track)}`);
    expect(trackerEndpoints.websocketConnectionError.method).toBe('POST');
    expect(WEBSOCKET_ERROR_URL).toBe(`/rest/v1/${endpointPath(trackerEndpoints.websocketConnectionError)}`);
  });

  it('the global search (GET), its pattern URI-encoded', () => {
    expect(searchEndpoints.search.method).toBe('GET');
    expect(searchUrl('de', 'a/b c')).toBe(
      `/rest/v1/${endpointPath(searchEndpoints.search, { params: { language: 'de', searchPattern: 'a/b c' } })}`,
    );
  });
});
