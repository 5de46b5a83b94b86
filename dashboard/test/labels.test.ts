// Readable labels for configuration, family and run ids (model/labels.ts).
import { describe, expect, it } from 'vitest';
import { configurationLabel, familyLabel, runLabel } from '../src/model/labels';

describe('configurationLabel', () => {
  it.each([
    ['n10-free', 'N = 10, free pacing'],
    ['n10-free-binary-shm-native', 'N = 10, free pacing, binary, shared memory, Kotlin/Native server'],
    ['n10-free-batched-uds', 'N = 10, free pacing, JSON, positions batched, Unix socket'],
    ['n10-free-binary-step', 'N = 10, free pacing, binary, one message per step'],
    ['n10-free-json-split', 'N = 10, free pacing, JSON, one message per request'],
    ['n10-free-sspin50', 'N = 10, free pacing, server spins 50 µs'],
    ['n10-free-sspin0', 'N = 10, free pacing, server does not spin'],
    ['n10-free-euclidean-work-16500', 'N = 10, free pacing, work 16.5 µs per device and round'],
    ['n10-free-hop-work-1000', 'N = 10, free pacing, hop-count gradient, work 1 µs per device and round'],
    ['n10-free-binary-shm-native-collektive-reference', "N = 10, free pacing, binary, shared memory, Kotlin/Native server, Collektive's engine cost"],
    ['n100-frame-cdp', 'N = 100, one step per frame, page driven over CDP'],
    ['n10-fixed', 'N = 10, fixed tick'],
    ['n10-free-gossipMax', 'N = 10, free pacing, gossip of the maximum'],
    ['u2-n10-free', 'upload 2, N = 10, free pacing'],
    ['tcp-json-jvm', 'TCP socket, JSON, JVM server'],
    ['shm-binary-native', 'shared memory, binary, Kotlin/Native server'],
    ['ws-json', 'WebSocket, JSON, Node server'],
    ['native-scene', 'its FFI scene'],
    ['socket-scene', 'its TCP socket scene, 200 ms tick'],
  ])('%s → %s', (id, words) => expect(configurationLabel(id)).toBe(words));

  it('keeps a part it does not know as written, and an empty id as itself', () => {
    expect(configurationLabel('n10-free-quantum')).toBe('N = 10, free pacing, quantum');
    expect(configurationLabel('')).toBe('');
  });

  it('names no raw id token in a published configuration\'s label', () => {
    for (const id of ['n10-free-binary-shm-native', 'n10-free-sspin50', 'n10-free-binary-step-euclidean-work-16500']) {
      expect(configurationLabel(id)).not.toMatch(/sspin|shm|binary-step|n10|-/);
    }
  });

  it('familyLabel is null for what is not a family', () => expect(familyLabel('n10-free')).toBeNull());
});

describe('runLabel', () => {
  it.each([
    ['2026-12-07-desktop-ca9f38b-162637-d3ce-b', 'desktop run of 7 Dec 2026, 16:26, commit ca9f38b (twin b)'],
    ['2026-12-07-web-ca9f38b-153725-92fb', 'web run of 7 Dec 2026, 15:37, commit ca9f38b'],
    ['2026-11-24-network-9b7a681-1604', 'network run of 24 Nov 2026, 16:04, commit 9b7a681'],
    ['2026-11-21-desktop-n10', 'desktop run of 21 Nov 2026 (n10)'],
    ['2026-11-24-profile', 'profile run of 24 Nov 2026'],
    ['reference-study', 'the reference study (Unity + Collektive)'],
    ['uploads', 'your uploads'],
    ['my-own-run', 'my-own-run'],
  ])('%s → %s', (id, words) => expect(runLabel(id)).toBe(words));
});
