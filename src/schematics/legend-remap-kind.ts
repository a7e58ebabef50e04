// `remap_schematic_legend` (POST .../schematic/legend/apply-remap): each detection (a network node
// that is no pipe junction) whose class names no legend entry is matched to a legend entry, by
// the configured vision model when it takes images, otherwise by visual similarity of its crop
// from the schematic's image to the legend crops (src/pipeline/schematics remapDetections). Its
// class, subtype and transcription are rewritten to the entry (transcription = the entry's label,
// as the spec says), legend_id set to the entry. The result is written under the component's lock
// with a grounding revision, merged into the graph as it is then: a node deleted or reclassified
// meanwhile is left to that newer edit. Nothing matched: the job is done and nothing is written.
// The model's calls are recorded in token_usage in the same commit. A model call that fails
// leaves that detection to the likeness of crops (remapDetections); a cancel is noticed once
// matching is done, before anything is written.
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import { type SingleKind } from '../jobs/kinds.js';
import { remapDetections, type VisionModel } from '../pipeline/schematics/index.js';
import { PipelineError } from '../pipeline/types.js';
import { recordTokenUsage } from '../search/usage.js';
import type { SchematicNode } from './graph.js';
import { greyOf, legendPictures, schematicImage } from './legend-images.js';
import { REMAP_LEGEND_KIND, RemapLegendPayload, type RemapLegendPayloadT } from './legend-job-requests.js';
import { commitJobSchematic, findJobTarget, stateOf, type SchematicChange } from './service.js';
import { graphProblem } from './validate.js';

interface Call {
  provider: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
}

/** The nodes remapping rewrote: by id, with the class each had when it was read. */
type Rewrites = Map<string, { before: SchematicNode; after: SchematicNode }>;

const MEMBERS = ['class', 'subtype', 'transcription', 'legend_id', 'confidence', 'rotation'] as const;

/** The rewrites applied to the graph as it is at commit time; null when none still applies. */
const applyRewrites =
  (rewrites: Rewrites, cropPrefix: string): SchematicChange =>
  (current) => {
    let applied = 0;
    const nodes = current.graph.network.nodes.map((n) => {
      const r = rewrites.get(n.id);
      if (!r || n.class !== r.before.class || n.subtype !== r.before.subtype) return n;
      applied++;
      const { class: cls, subtype, transcription, legend_id, confidence, rotation } = r.after;
      return { ...n, class: cls, subtype, transcription, legend_id, confidence, rotation };
    });
    if (applied === 0) return null;
    const graph = { ...current.graph, network: { ...current.graph.network, nodes } };
    const problem = graphProblem(graph, cropPrefix);
    if (problem) throw new PipelineError(`The remapped graph is not valid: ${problem.msg} (at ${problem.at.join('/')})`, 'malformed');
    return { ...current, graph };
  };

export const remapLegendKind: SingleKind<RemapLegendPayloadT, StepPorts> = {
  name: REMAP_LEGEND_KIND,
  queue: 'cpu',
  mode: 'single',
  parse(payload) {
    const value = structuredClone(payload);
    if (!Value.Check(RemapLegendPayload, value)) throw new Error(`invalid ${REMAP_LEGEND_KIND} payload`);
    return value;
  },
  async run(ctx, p) {
    const { ports } = ctx;
    const { db } = ports.database;
    const ref = { componentId: p.component_id, vcId: p.vc_id };
    const target = await findJobTarget(db, ref);
    const { graph } = stateOf(target);
    if (graph.legend.length === 0) throw new PipelineError('The schematic has no legend entries to remap to', 'unsupported');
    const page = await greyOf(await schematicImage(db, ports.storage, target));
    const crops = await legendPictures(ports.storage, graph.legend);
    const model = ports.engines.chatModel;
    const calls: Call[] = [];
    const vision: VisionModel | null =
      model && model.vision
        ? {
            vision: true,
            async complete(req) {
              const res = await model.complete(req);
              calls.push({ provider: model.provider, model: model.model, tokensIn: res.tokensIn, tokensOut: res.tokensOut });
              return res;
            },
          }
        : null;
    if (!vision && crops.size === 0) throw new PipelineError('No legend entry has a picture to compare detections with, and no vision model is configured', 'unsupported');
    const remapped = await remapDetections(graph, page, crops, vision);
    await ctx.checkpoint();
    const before = new Map(graph.network.nodes.map((n) => [n.id, n]));
    const rewrites: Rewrites = new Map();
    for (const after of remapped.network.nodes) {
      const old = before.get(after.id);
      if (old && MEMBERS.some((k) => old[k] !== after[k])) rewrites.set(after.id, { before: old, after });
    }
    if (rewrites.size === 0 && calls.length === 0) return;
    await ctx.commit(async (trx) => {
      if (rewrites.size > 0) await commitJobSchematic(trx, ref, applyRewrites(rewrites, target.cropPrefix), p.requested_by);
      for (const call of calls) {
        await recordTokenUsage(trx, ports.config.llm.prices, call, { organizationId: target.component.organization_id, purpose: 'schematic_legend_remap', documentId: target.component.document_id });
      }
    });
  },
};
