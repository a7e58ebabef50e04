// A schematic region's grounding_data written as a whole (PUT /documents/{id}/visual-components/
// {id} with grounding_data): its `graph`, when given, must be a valid v2 envelope whose crops are
// allowed and stored, and its `reviewed` a boolean, so no route can store a graph the schematic
// routes would refuse.
import { validationError } from '../http/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import { documentCropPrefix } from './legend-crops.js';
import { parseV2 } from './normalise.js';
import { checkStoredCrops, legendLists } from './stored-crops.js';
import type { Path } from './validate.js';

export async function checkSchematicRegionData(storage: BlobStore, documentId: string, data: Record<string, unknown>, loc: Path): Promise<void> {
  if ('reviewed' in data && typeof data.reviewed !== 'boolean') throw validationError([...loc, 'reviewed'], 'Input should be a valid boolean', 'bool_parsing');
  if (!('graph' in data)) return;
  const graph = parseV2(data.graph, documentCropPrefix(documentId), [...loc, 'graph']);
  await checkStoredCrops(storage, legendLists(graph), [...loc, 'graph']);
}
