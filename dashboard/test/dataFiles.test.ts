// One request per published file (src/data/dataFiles.ts onceByKey): a second read of a file shares the first one's
// request; a failed request is forgotten, so that the next read tries again.
import { describe, expect, it } from 'vitest';
import { onceByKey } from '../src/data/dataFiles';

describe('onceByKey', () => {
  it('loads each key once while its promise stands', async () => {
    const loads: string[] = [];
    const get = onceByKey(async (k) => { loads.push(k); return `<${k}>`; });
    const [a, b, c] = await Promise.all([get('manifest.json'), get('manifest.json'), get('runs/x/run.json')]);
    expect([a, b, c]).toEqual(['<manifest.json>', '<manifest.json>', '<runs/x/run.json>']);
    expect(await get('manifest.json')).toBe('<manifest.json>');
    expect(loads).toEqual(['manifest.json', 'runs/x/run.json']);
  });
  it('tries a failed key again on the next call', async () => {
    let calls = 0;
    const get = onceByKey(async () => { calls++; if (calls === 1) throw new Error('HTTP 503'); return 'ok'; });
    await expect(get('manifest.json')).rejects.toThrow('HTTP 503');
    expect(await get('manifest.json')).toBe('ok');
    expect(calls).toBe(2);
  });
});
