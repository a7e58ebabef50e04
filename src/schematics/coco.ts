// A document's schematics as an object-detection dataset in the COCO layout
// (cocodataset.org/#format-data, "Object Detection"): page images beside one
// `_annotations.coco.json` with `images`, `annotations` and `categories`. Each node of a graph is
// an annotation of its class; each flow arrow one of the category `arrow`. Graph coordinates are
// pixels of the region's crop, so a box on the page is the graph's box moved by the region's top
// left corner; COCO writes it as [x, y, width, height]. Lossy: edges, texts and the legend are not
// part of a detection dataset (the archive keeps them).
import type { Box, SchematicGraphV2 } from './graph.js';

export const COCO_ANNOTATIONS = '_annotations.coco.json';

export interface CocoPage {
  pageNumber: number;
  fileName: string;
  width: number;
  height: number;
}

export interface CocoRegion {
  pageNumber: number;
  /** The region on the page, [x0, y0, x1, y1] in page pixels. */
  bbox: Box;
  graph: SchematicGraphV2;
}

export interface CocoDataset {
  info: { description: string; version: string; year: number; contributor: string; date_created: string };
  licenses: Array<{ id: number; name: string; url: string }>;
  images: Array<{ id: number; file_name: string; width: number; height: number; date_captured: string; license: number }>;
  annotations: Array<{ id: number; image_id: number; category_id: number; bbox: [number, number, number, number]; area: number; iscrowd: 0; segmentation: number[][] }>;
  categories: Array<{ id: number; name: string; supercategory: string }>;
}

export const cocoFileName = (pageNumber: number): string => `page-${String(pageNumber).padStart(4, '0')}.png`;

export function cocoDataset(pages: readonly CocoPage[], regions: readonly CocoRegion[], meta: { description: string; createdAt: string }): CocoDataset {
  const boxes: Array<{ pageNumber: number; name: string; supercategory: string; box: Box }> = [];
  for (const r of regions) {
    const [dx, dy] = r.bbox;
    const onPage = (b: Box): Box => [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy];
    for (const n of r.graph.network.nodes) boxes.push({ pageNumber: r.pageNumber, name: n.class, supercategory: 'symbol', box: onPage(n.bbox) });
    for (const a of r.graph.arrows) boxes.push({ pageNumber: r.pageNumber, name: 'arrow', supercategory: 'arrow', box: onPage(a.bbox) });
  }
  const supercategory = new Map<string, string>();
  for (const b of boxes) if (!supercategory.has(b.name)) supercategory.set(b.name, b.supercategory);
  const names = [...supercategory.keys()].sort();
  const categoryId = new Map(names.map((n, i) => [n, i + 1]));
  const imageId = new Map(pages.map((p, i) => [p.pageNumber, i + 1]));
  return {
    info: { description: meta.description, version: '1.0', year: Number(meta.createdAt.slice(0, 4)), contributor: 'PageLens', date_created: meta.createdAt },
    licenses: [],
    images: pages.map((p, i) => ({ id: i + 1, file_name: p.fileName, width: p.width, height: p.height, date_captured: meta.createdAt, license: 0 })),
    annotations: boxes.map((b, i) => {
      const [x0, y0, x1, y1] = b.box;
      return {
        id: i + 1,
        image_id: imageId.get(b.pageNumber) ?? 0,
        category_id: categoryId.get(b.name) ?? 0,
        bbox: [x0, y0, x1 - x0, y1 - y0],
        area: (x1 - x0) * (y1 - y0),
        iscrowd: 0,
        segmentation: [],
      };
    }),
    categories: names.map((name) => ({ id: categoryId.get(name) ?? 0, name, supercategory: supercategory.get(name) ?? 'symbol' })),
  };
}
