// OpenCV 4.9 compiled to WebAssembly (@techstark/opencv-js), loaded once per process.
// The module object is a thenable whose `then` hands back the module itself: resolving a promise
// with it (or awaiting it) recurses forever, so `then` is removed before the module is passed on.
import { createRequire } from 'node:module';

/** The few OpenCV bindings PageLens uses (the package's own typings cover all of OpenCV). */
export interface CvMat {
  rows: number;
  cols: number;
  data: Uint8Array;
  data32F: Float32Array;
  roi(rect: CvRect): CvMat;
  clone(): CvMat;
  delete(): void;
}
export type CvRect = object;
export type CvSize = object;

export interface Cv {
  Mat: new (rows?: number, cols?: number, type?: number) => CvMat;
  Rect: new (x: number, y: number, width: number, height: number) => CvRect;
  Size: new (width: number, height: number) => CvSize;
  CV_8UC1: number;
  TM_CCOEFF_NORMED: number;
  INTER_AREA: number;
  INTER_LINEAR: number;
  ROTATE_90_CLOCKWISE: number;
  ROTATE_180: number;
  ROTATE_90_COUNTERCLOCKWISE: number;
  matchTemplate(image: CvMat, templ: CvMat, result: CvMat, method: number): void;
  resize(src: CvMat, dst: CvMat, size: CvSize, fx: number, fy: number, interpolation: number): void;
  rotate(src: CvMat, dst: CvMat, code: number): void;
}

interface CvModule {
  Mat?: unknown;
  then?: (resolve: (m: CvModule) => void) => void;
  onRuntimeInitialized?: () => void;
}

let loading: Promise<{ cv: Cv }> | undefined;

/** The initialised OpenCV module (wrapped in an object so no promise ever adopts the thenable). */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  loading ??= new Promise((resolve, reject) => {
    try {
      const mod = createRequire(import.meta.url)('@techstark/opencv-js') as CvModule;
      const done = (m: CvModule): void => {
        delete m.then;
        resolve({ cv: m as unknown as Cv });
      };
      if (mod.Mat) done(mod);
      else if (typeof mod.then === 'function') mod.then(done);
      else mod.onRuntimeInitialized = () => done(mod);
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
  return loading;
}

/** A CV_8UC1 matrix holding a copy of greyscale pixels. */
export function greyMat(cv: Cv, data: Uint8Array, width: number, height: number): CvMat {
  const mat = new cv.Mat(height, width, cv.CV_8UC1);
  mat.data.set(data.subarray(0, width * height));
  return mat;
}
