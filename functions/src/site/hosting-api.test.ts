import { describe, expect, it } from 'vitest';
import { servingConfigOf } from './hosting-api';

describe('firebase.json as a Hosting version’s config', () => {
  it('rewrites to the site’s files and to a 2nd-gen function’s Cloud Run service, as the CLI deploys them', () => {
    const config = servingConfigOf({
      rewrites: [
        { source: '/api/reply-speed', function: { functionId: 'replySpeed', region: 'asia-south1' } },
        { source: '/inbox/**', destination: '/inbox.html' },
      ],
    });
    expect(config.rewrites).toEqual([
      { glob: '/api/reply-speed', run: { serviceId: 'replyspeed', region: 'asia-south1' } },
      { glob: '/inbox/**', path: '/inbox.html' },
    ]);
  });

  it('refuses a function rewrite without its region, which the API could not route', () => {
    expect(() => servingConfigOf({ rewrites: [{ source: '/api/**', function: 'replySpeed' }] })).toThrow(
      /function with its region/,
    );
  });
});
