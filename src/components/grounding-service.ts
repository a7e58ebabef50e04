// PUT /components/{id}: a person's correction of a component's extraction, checked and applied by
// the type's extractor (src/extractors: html_table for tables and charts, intermediate_json for
// flowcharts, diagrams and mind maps; malformed input is a 422 naming where). The component is
// stored 'done' with the regenerated outputs (canonical HTML, a chart drawn again, Mermaid code),
// and its regions get the same correction and become 'manual', so reprocessing keeps it. The new
// state is kept as a revision (revisions.ts) in the same transaction.
import type { Caller } from '../auth/caller.js';
import type { ComponentsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { EditRejected, type ExtractorRegistry, type GroundingEdit } from '../extractors/index.js';
import { notFound, validationError } from '../http/errors.js';
import { nowIso } from '../util.js';
import { getReadableComponent } from './access.js';
import { parseJsonObject } from './model.js';
import * as repo from './repository.js';
import { recordRevision } from './revisions.js';
import { reindexComponentPages } from '../search/component-chunks.js';
import type { GroundingUpdate } from './schemas.js';

async function checkedEdit(extractors: ExtractorRegistry, type: string, body: GroundingUpdate): Promise<GroundingEdit> {
  if (body.html_table === undefined && body.intermediate_json === undefined) throw validationError(['body'], 'give html_table or intermediate_json');
  if (!extractors.has(type)) throw validationError(['body'], `${type} components cannot be corrected through this operation`);
  try {
    return await extractors.get(type).edit(body);
  } catch (err) {
    if (err instanceof EditRejected) throw validationError(['body', ...err.loc], err.message);
    throw err;
  }
}

export async function updateComponentGrounding(
  { trx }: UnitOfWork,
  extractors: ExtractorRegistry,
  caller: Caller,
  id: string,
  body: GroundingUpdate,
): Promise<ComponentsTable> {
  const row = await getReadableComponent(trx, caller, id);
  // Checked (and outputs such as a chart's drawing regenerated) before any lock is taken.
  const edit = await checkedEdit(extractors, row.component_type, body);
  if (!(await repo.lockComponent(trx, row.id))) throw notFound('Component not found');
  const now = nowIso();
  const grounding = JSON.stringify(await edit.apply(parseJsonObject(row.grounding), 'component'));
  await trx.updateTable('components').set({ grounding, status: 'done', error: null, updated_at: now }).where('id', '=', row.id).execute();

  const visuals = await trx.selectFrom('visual_components').select(['id', 'grounding_data']).where('component_id', '=', row.id).execute();
  for (const v of visuals) {
    const data = JSON.stringify(await edit.apply(parseJsonObject(v.grounding_data), 'region'));
    await trx.updateTable('visual_components').set({ grounding_data: data, origin: 'manual', updated_at: now }).where('id', '=', v.id).execute();
  }
  await recordRevision(trx, { componentId: row.id, source: 'edit', userId: caller.userId });
  // Search and questions read a corrected table, chart or graph, not the one it replaced.
  await reindexComponentPages(trx, row.id);
  return { ...row, grounding, status: 'done', error: null, updated_at: now };
}
