// Token prices per million tokens (PAGELENS_LLM_PRICES) and exact decimal costs: floats would
// turn 1234 tokens at 0.15 into 0.00018509999999999998.
import { isRecord } from './http.js';

export interface ModelPrice {
  /** Price per million input tokens. */
  in: number;
  /** Price per million output tokens. */
  out: number;
}

/** The entry used for models without their own price. */
export const DEFAULT_PRICE_KEY = '*';

interface Decimal {
  units: bigint;
  scale: number;
}

/** A finite non-negative number as units / 10^scale, exactly as JavaScript prints it. */
function toDecimal(n: number): Decimal {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) throw new Error(`not a non-negative decimal: ${n}`);
  const frac = m[2] ?? '';
  const scale = frac.length - Number(m[3] ?? 0);
  const units = BigInt(`${m[1]}${frac}`);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

function parseDecimalString(s: string): Decimal {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s.trim());
  if (!m) throw new Error(`not a non-negative decimal: "${s}"`);
  const frac = m[2] ?? '';
  return { units: BigInt(`${m[1]}${frac}`), scale: frac.length };
}

const rescale = (d: Decimal, scale: number): bigint => d.units * 10n ** BigInt(scale - d.scale);

function formatDecimal(d: Decimal): string {
  if (d.scale === 0) return d.units.toString();
  const digits = d.units.toString().padStart(d.scale + 1, '0');
  const int = digits.slice(0, -d.scale);
  const frac = digits.slice(-d.scale).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Exact sum of decimal cost strings, e.g. for the token-usage report. */
export function sumCosts(costs: readonly string[]): string {
  const parsed = costs.map(parseDecimalString);
  const scale = Math.max(0, ...parsed.map((d) => d.scale));
  return formatDecimal({ units: parsed.reduce((sum, d) => sum + rescale(d, scale), 0n), scale });
}

const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export class PriceTable {
  readonly #prices: ReadonlyMap<string, ModelPrice>;

  constructor(prices: Readonly<Record<string, ModelPrice>> = {}) {
    this.#prices = new Map(Object.entries(prices).map(([model, p]) => [model, { in: p.in, out: p.out }]));
  }

  /** Parses `{"model": {"in": 0.15, "out": 0.6}}`; an empty string is an empty table. Throws with the reason. */
  static parse(json: string): PriceTable {
    if (json.trim() === '') return new PriceTable();
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (err) {
      throw new Error(`not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!isRecord(value)) throw new Error('must be a JSON object of model name to {"in": number, "out": number}');
    const prices: Record<string, ModelPrice> = {};
    for (const [model, price] of Object.entries(value)) {
      if (!isRecord(price) || !isPrice(price.in) || !isPrice(price.out)) {
        throw new Error(`"${model}" must be {"in": number, "out": number} with non-negative prices per million tokens`);
      }
      prices[model] = { in: price.in, out: price.out };
    }
    return new PriceTable(prices);
  }

  /** The model's own price, else the "*" entry, else null. Names match exactly. */
  priceOf(model: string): ModelPrice | null {
    return this.#prices.get(model) ?? this.#prices.get(DEFAULT_PRICE_KEY) ?? null;
  }

  /** The cost as a decimal string in the table's currency; "0" for a model without a price. */
  costOf(model: string, tokensIn: number, tokensOut: number): string {
    const price = this.priceOf(model);
    if (!price) return '0';
    const pin = toDecimal(price.in);
    const pout = toDecimal(price.out);
    const scale = Math.max(pin.scale, pout.scale);
    const tokens = (n: number): bigint => BigInt(Math.max(0, Math.round(n)));
    const total = tokens(tokensIn) * rescale(pin, scale) + tokens(tokensOut) * rescale(pout, scale);
    // Prices are per million tokens: six more decimal places.
    return formatDecimal({ units: total, scale: scale + 6 });
  }

  get size(): number {
    return this.#prices.size;
  }

  /** Plain JSON, so `pagelens config` can print the table. */
  toJSON(): Record<string, ModelPrice> {
    return Object.fromEntries(this.#prices);
  }
}

/** Cost of one call under `table`, as a decimal string. */
export const costOf = (table: PriceTable, model: string, tokensIn: number, tokensOut: number): string =>
  table.costOf(model, tokensIn, tokensOut);
