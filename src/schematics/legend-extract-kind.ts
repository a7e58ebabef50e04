// `extract_schematic_legend` (POST .../schematic/legend/extract-from-image): reads the uploaded
// legend table (src/pipeline/schematics extractLegend: rows, each symbol's crop, its label read by
// the configured OCR engine), stores each crop under the document's legend_crops/ prefix and
// writes the entries to graph.legend_draft (replacing a draft there was) with a grounding
// revision, under the component's lock. All or nothing: when the image cannot be read, no row is
// found, or the write fails, the job ends in error with the reason and the crops it stored are
// deleted again; the draft stays as it was. The uploaded image is deleted when the job ends
// (kept for the retry after a lost lease or a transient database failure).
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import { isTransient } from '../jobs/engine.js';
import { StepStopped, type SingleKind } from '../jobs/kinds.js';
import { extractLegend } from '../pipeline/schematics/index.js';
import { PipelineError } from '../pipeline/types.js';
import { newId } from '../util.js';
import type { LegendEntry } from './graph.js';
import { storageUrlOf } from './legend-crops.js';
import { greyOf, readBlobOrNull } from './legend-images.js';
import { EXTRACT_LEGEND_KIND, ExtractLegendPayload, type ExtractLegendPayloadT } from './legend-job-requests.js';
import { commitJobSchematic, findJobTarget, type SchematicRef } from './service.js';
import { legendEntriesProblem } from './validate.js';

async function run(ports: StepPorts, checkpoint: () => Promise<void>, p: ExtractLegendPayloadT, written: string[]): Promise<LegendEntry[]> {
  const target = await findJobTarget(ports.database.db, { componentId: p.component_id, vcId: p.vc_id });
  const bytes = await readBlobOrNull(ports.storage, p.image_key);
  if (!bytes) throw new PipelineError('The uploaded legend image is no longer stored', 'unsupported');
  let image;
  try {
    image = await greyOf(bytes);
  } catch (err) {
    throw new PipelineError(`The legend image cannot be decoded: ${err instanceof Error ? err.message : String(err)}`, 'malformed');
  }
  const rows = await extractLegend(image, await ports.engines.ocr());
  await checkpoint();
  if (rows.length === 0) throw new PipelineError('No legend rows (a symbol with its label beside it) were found in the image', 'unsupported');
  const entries: LegendEntry[] = [];
  for (const { entry, crop } of rows) {
    const key = `${target.cropPrefix}${newId()}.png`;
    written.push(key);
    await ports.storage.putBuffer(key, crop, 'image/png');
    entries.push({ id: `draft-${newId().slice(0, 8)}`, class: entry.class, subtype: entry.subtype, label: entry.label, source_crop_url: storageUrlOf(key), bbox: entry.bbox });
  }
  const problem = legendEntriesProblem(entries, target.cropPrefix);
  if (problem) throw new PipelineError(`The extracted legend is not valid: ${problem.msg} (at ${problem.at.join('/')})`, 'malformed');
  return entries;
}

export const extractLegendKind: SingleKind<ExtractLegendPayloadT, StepPorts> = {
  name: EXTRACT_LEGEND_KIND,
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(ExtractLegendPayload, value)) throw new Error(`invalid ${EXTRACT_LEGEND_KIND} payload`);
    return value;
  },
  async run(ctx, p) {
    const { ports } = ctx;
    const ref: SchematicRef = { componentId: p.component_id, vcId: p.vc_id };
    const written: string[] = [];
    let keepImage = false;
    try {
      const draft = await run(ports, () => ctx.checkpoint(), p, written);
      await ctx.commit((trx) => commitJobSchematic(trx, ref, (current) => ({ ...current, graph: { ...current.graph, legend_draft: draft } }), p.requested_by));
      written.length = 0; // committed: the draft points at them now
    } catch (err) {
      keepImage = (err instanceof StepStopped && err.reason === 'lost') || isTransient(err);
      throw err;
    } finally {
      for (const key of written) await ports.storage.delete(key).catch(() => undefined);
      if (!keepImage) await ports.storage.delete(p.image_key).catch(() => undefined);
    }
  },
};
