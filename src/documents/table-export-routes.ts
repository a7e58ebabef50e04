// HTTP for GET /api/v0/documents/{document_id}/tables/export (not in the spec): a document's
// tables as JSON, a zip of CSV files or an XLSX workbook, continued tables merged by default.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { conflict } from '../http/errors.js';
import { named, op } from '../http/openapi.js';
import { DocumentIdParams, StringEnum, Uuid } from '../http/schemas.js';
import { tableCsv, tablesXlsx, zipTextFiles } from '../pipeline/tables/export-files.js';
import { tableToHtml } from '../pipeline/tables/index.js';
import { tableRows } from '../pipeline/tables/merge.js';
import { documentTables, type ExportedTable } from '../components/table-export.js';

const TableExportQuery = Type.Object({
  format: StringEnum(['json', 'csv', 'xlsx'] as const, { default: 'json', description: 'json; csv: a zip with one CSV per table; xlsx: one sheet per table' }),
  merge_continued: Type.Boolean({ default: true, description: 'export a table continued on the next pages as one table' }),
});

const ExportedCell = Type.Object({
  row: Type.Integer(),
  col: Type.Integer(),
  row_span: Type.Integer(),
  col_span: Type.Integer(),
  text: Type.String(),
  header: Type.Boolean(),
});

const DocumentTablesExport = named(
  'DocumentTablesExport',
  Type.Object({
    document_id: Uuid(),
    merge_continued: Type.Boolean(),
    tables: Type.Array(
      Type.Object({
        index: Type.Integer({ description: '1-based, in page and reading order' }),
        component_ids: Type.Array(Uuid(), { description: 'the table components merged into this table, in page order' }),
        pages: Type.Array(Type.Integer()),
        label: Type.String(),
        rows: Type.Integer(),
        cols: Type.Integer(),
        header_rows: Type.Integer(),
        data: Type.Array(Type.Array(Type.String()), { description: "rows of cell texts; a spanning cell's text in its top-left position" }),
        cells: Type.Array(ExportedCell, { description: 'every cell with its spans' }),
        html_table: Type.String(),
      }),
    ),
    skipped: Type.Array(
      Type.Object({ component_id: Uuid(), page_number: Type.Integer(), status: Type.String(), reason: Type.String() }),
      { description: 'table components with no extracted structure yet' },
    ),
  }),
);

/** "3" or "3-5": a merged table's pages are consecutive. */
const pageRange = (pages: number[]): string => (pages.length > 1 ? `${pages[0]}-${pages[pages.length - 1]}` : `${pages[0]}`);
const pageSpan = (pages: number[]): string => `${pages.length > 1 ? 'pages' : 'page'}-${pageRange(pages)}`;
const fileStem = (name: string): string => name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'document';

function tableName(t: ExportedTable, width: number): string {
  return `table-${String(t.index).padStart(width, '0')}-${pageSpan(t.pages)}`;
}

export function tableExportRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.get(
      '/api/v0/documents/:document_id/tables/export',
      {
        schema: { params: DocumentIdParams, querystring: TableExportQuery },
        config: op({
          operationId: 'export_document_tables',
          summary: "The document's tables as data: json (default), csv (a zip, one CSV per table) or xlsx (one sheet per table)",
          description:
            'Tables continued on the next page are merged (merge_continued=true): the first table\'s header rows, then the body rows of each continuation in page order, repeated header rows dropped. Corrected tables export as corrected.',
          tags: ['components'],
          response: DocumentTablesExport,
        }),
      },
      async (request, reply) => {
        const { format, merge_continued: merge } = request.query;
        const { document, tables, skipped } = await documentTables(db, callerOf(request), request.params.document_id, merge);
        if (format === 'json') {
          return {
            document_id: document.id,
            merge_continued: merge,
            tables: tables.map((t) => ({
              index: t.index,
              component_ids: t.componentIds,
              pages: t.pages,
              label: t.label,
              rows: t.grid.rows,
              cols: t.grid.cols,
              header_rows: t.grid.headerRows,
              data: tableRows(t.grid),
              cells: t.grid.cells.map((c) => ({ row: c.row, col: c.col, row_span: c.rowspan, col_span: c.colspan, text: c.text, header: c.header })),
              html_table: tableToHtml(t.grid),
            })),
            skipped,
          };
        }
        if (tables.length === 0) throw conflict('The document has no extracted tables to export');
        const width = Math.max(2, String(tables.length).length);
        const stem = `${fileStem(document.name)}-tables`;
        if (format === 'csv') {
          const zip = zipTextFiles(tables.map((t) => ({ name: `${tableName(t, width)}.csv`, text: tableCsv(t.grid) })));
          return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${stem}.zip"`).send(zip);
        }
        const xlsx = await tablesXlsx(tables.map((t) => ({ name: `Table ${t.index} (p. ${pageRange(t.pages)})`, grid: t.grid })));
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${stem}.xlsx"`)
          .send(xlsx);
      },
    );
  };
}
