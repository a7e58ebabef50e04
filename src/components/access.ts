// Who sees a component: the readers of its document, or its owner when it has no document.
// Every component query starts here, so a forgotten filter cannot leak across users.
import type { Caller } from '../auth/caller.js';
import type { ComponentsTable, Db } from '../db/types.js';
import { readableDocuments } from '../documents/access.js';
import { notFound } from '../http/errors.js';
import { UUID_RE } from '../util.js';

export function readableComponents(db: Db, caller: Caller) {
  return db
    .selectFrom('components')
    .where('components.organization_id', '=', caller.organizationId)
    .where((eb) =>
      eb.or([
        eb.and([eb('components.document_id', 'is', null), eb('components.owner_id', '=', caller.userId)]),
        eb('components.document_id', 'in', readableDocuments(db, caller).select('documents.id')),
      ]),
    );
}

/** A component the caller may read; an ID that is no UUID (plain-string routes) matches nothing. */
export async function getReadableComponent(db: Db, caller: Caller, id: string): Promise<ComponentsTable> {
  const row = UUID_RE.test(id)
    ? await readableComponents(db, caller).selectAll('components').where('components.id', '=', id.toLowerCase()).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('Component not found');
  return row;
}
