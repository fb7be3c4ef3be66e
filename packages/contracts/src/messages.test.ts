import { describe, expect, it } from 'vitest';
import { messagesSocket } from './messages';

describe('/messages websocket declarations', () => {
  it('parses the declared messages of each direction and refuses others', () => {
    expect(messagesSocket.server.parse({ type: 'Version', version: '1.2.3' })).toEqual({ type: 'Version', version: '1.2.3' });
    expect(messagesSocket.client.parse({ type: 'ClientVersion', version: '1.2.3' })).toEqual({ type: 'ClientVersion', version: '1.2.3' });
    expect(messagesSocket.server.safeParse({ type: 'ClientVersion', version: '1' }).success).toBe(false);
    expect(messagesSocket.server.safeParse({ type: 'Version' }).success).toBe(false);
    expect(messagesSocket.client.safeParse({ type: 'ClientVersion', version: 'x'.repeat(101) }).success).toBe(false);
  });
});
