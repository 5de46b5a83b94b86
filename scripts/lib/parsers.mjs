// Turn each test runner's own summary into { passed, failed }.
const sum = (re, text, pick) => [...text.matchAll(re)].reduce((acc, m) => {
  const [p, f] = pick(m);
  return { passed: acc.passed + p, failed: acc.failed + f };
}, { passed: 0, failed: 0 });

/** Maven Surefire: one "Tests run: X, Failures: F, Errors: E, Skipped: S" total per module (no "Time elapsed"). */
export const surefire = (text) => sum(/Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$/gm, text,
  (m) => { const f = +m[2] + +m[3]; return [+m[1] - f - +m[4], f + +m[4]]; });

/** node --test with the TAP reporter: "# pass N" / "# fail N" (skipped and todo count as failed: nothing may hide). */
export const nodeTap = (text) => {
  const get = (k) => [...text.matchAll(new RegExp(`^# ${k} (\\d+)$`, 'gm'))].reduce((a, m) => a + +m[1], 0);
  return { passed: get('pass'), failed: get('fail') + get('skipped') + get('todo') + get('cancelled') };
};

/** tsc: one passed check when the project has no error, else one failure per `error TSnnnn` line. */
export const tsc = (text) => {
  const errors = (text.match(/error TS\d+:/g) ?? []).length;
  return { passed: errors ? 0 : 1, failed: errors };
};

/** NUnit 2.6 console: "Tests run: N, Errors: E, Failures: F, Inconclusive: I, ...", "Not run: K". */
export const nunit = (text) => {
  const r = sum(/Tests run: (\d+), Errors: (\d+), Failures: (\d+)/g, text, (m) => { const f = +m[2] + +m[3]; return [+m[1] - f, f]; });
  const notRun = [...text.matchAll(/Not run: (\d+)/g)].reduce((a, m) => a + +m[1], 0);
  return { passed: r.passed, failed: r.failed + notRun };
};

/** vitest: "Tests  N failed | M passed (T)" or "Tests  M passed (T)". */
export const vitest = (text) => {
  const line = [...text.matchAll(/^\s*Tests\s+(.*)\((\d+)\)\s*$/gm)].pop();
  if (!line) return { passed: 0, failed: 0 };
  const n = (k) => +(line[1].match(new RegExp(`(\\d+) ${k}`))?.[1] ?? 0);
  return { passed: n('passed'), failed: n('failed') + n('skipped') + n('todo') };
};

/**
 * The failing tests' names and first error lines out of a runner's output, at most `maxLines` lines, so that the end
 * of a long run (all that a CI log may keep) still says what failed: TAP "not ok" blocks (nested ones too) with
 * their YAML up to its end, vitest "FAIL"/"×" lines, Surefire "<<< FAILURE!"/"<<< ERROR!", NUnit's numbered failures.
 */
export function failureDigest(text, maxLines = 40) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length && out.length < maxLines; i += 1) {
    const l = lines[i];
    if (/^\s*not ok \d+/.test(l)) {
      out.push(l);
      // The YAML block after it ("  ---" … "  ..."): its error and location, not the stack.
      for (let j = i + 1; j < lines.length && j < i + 30 && !/^\s*\.\.\.\s*$/.test(lines[j]); j += 1) {
        if (/^\s*stack: /.test(lines[j])) break;
        if (lines[j].trim() && !/^\s*(---|duration_ms:|type:|failureType:|code: |name: |operator: )/.test(lines[j])) out.push(lines[j]);
      }
    } else if (/\berror TS\d+:/.test(l)) {
      out.push(l);
    } else if (/^\s*(FAIL\s|×\s)|<<< (FAILURE|ERROR)!|^\d+\) .*(Failed|Error)/.test(l)) {
      out.push(l, ...lines.slice(i + 1, i + 4));
      i += 3;
    }
  }
  return out.slice(0, maxLines);
}
