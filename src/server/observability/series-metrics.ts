import type { Registry } from 'prom-client';

/**
 * A counter and a histogram for the metrics counted on every request and every query, written as
 * prom-client writes its own (same names, types, labels and lines on /metrics), but whose series (one
 * per set of label values) are found once and then counted with plain arithmetic. prom-client's
 * children check and join their label values again on each observe(), and a counter's inc() copies the
 * list of all its series: ~1 µs a request and ~0.4 µs a query (bench). The registry asks these for
 * their values when scraped, as it asks its own metrics (get()).
 */
type Labels = Record<string, string>;
type Value = { labels: Labels; sharedLabels?: Labels; value: number; metricName?: string };
type Config = { name: string; help: string; labelNames: readonly string[]; registers: Registry[] };

abstract class SeriesMetric<S> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  readonly aggregator = 'sum' as const;
  abstract readonly type: 'counter' | 'histogram';
  protected series = new Map<string, { labels: Labels; series: S }>();

  constructor(config: Config) {
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames;
    // The registry's type is prom-client's own metric classes; it reads name, type, help and get().
    for (const registry of config.registers) registry.registerMetric(this as never);
  }

  /** The series of these label values (in labelNames' order), made at its first use. Keep it: finding it again joins a key. */
  seriesOf(...values: string[]): S {
    if (values.length !== this.labelNames.length)
      throw new Error(`${this.name} takes ${this.labelNames.length} label values, not ${values.length}`);
    const key = values.join('\u0000');
    let found = this.series.get(key);
    if (!found) {
      const labels: Labels = {};
      this.labelNames.forEach((name, index) => {
        labels[name] = values[index] as string;
      });
      found = { labels, series: this.make() };
      this.series.set(key, found);
    }
    return found.series;
  }

  protected abstract make(): S;
  protected abstract values(): Value[];

  /** What the registry writes on /metrics: each line's own labels, and its series' as shared ones. */
  getForPromString() {
    return { name: this.name, help: this.help, type: this.type, values: this.values(), aggregator: this.aggregator };
  }

  /** As prom-client's get(): each line's labels in one object. */
  get() {
    const values = this.values().map(({ labels, sharedLabels, ...rest }) => ({
      ...rest,
      labels: { ...labels, ...sharedLabels },
    }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** registry.resetMetrics(): every series back to zero, in place, as callers keep them. */
  reset(): void {
    for (const { series } of this.series.values()) this.zero(series);
  }
  protected abstract zero(series: S): void;
}

export type CounterSeries = { value: number };

export class SeriesCounter extends SeriesMetric<CounterSeries> {
  readonly type = 'counter' as const;
  protected make(): CounterSeries {
    return { value: 0 };
  }
  protected values(): Value[] {
    return [...this.series.values()].map(({ labels, series }) => ({ labels, value: series.value }));
  }
  protected zero(series: CounterSeries): void {
    series.value = 0;
  }
}

export type HistogramSeries = { observe(value: number): void };
type Kept = HistogramSeries & { counts: number[]; sum: number; count: number };

export class SeriesHistogram extends SeriesMetric<HistogramSeries> {
  readonly type = 'histogram' as const;
  readonly #bounds: readonly number[];

  constructor(config: Config & { buckets: readonly number[] }) {
    super(config);
    this.#bounds = [...config.buckets].sort((a, b) => a - b);
  }

  protected make(): HistogramSeries {
    const bounds = this.#bounds;
    // Per bucket, the observations whose value is at most its bound and above the one before (+Inf last).
    const counts = new Array<number>(bounds.length + 1).fill(0);
    const series = {
      counts,
      sum: 0,
      count: 0,
      observe(value: number) {
        if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
        let bucket = 0;
        while (bucket < bounds.length && value > (bounds[bucket] as number)) bucket += 1;
        counts[bucket] = (counts[bucket] as number) + 1;
        series.sum += value;
        series.count += 1;
      },
    };
    return series;
  }

  protected zero(series: HistogramSeries): void {
    const kept = series as Kept;
    kept.counts.fill(0);
    kept.sum = 0;
    kept.count = 0;
  }

  // As prom-client writes a histogram: per series, each bucket's cumulative count, +Inf, the sum, the count.
  protected values(): Value[] {
    const values: Value[] = [];
    for (const { labels, series } of this.series.values()) {
      const { counts, sum, count } = series as Kept;
      let cumulative = 0;
      this.#bounds.forEach((bound, index) => {
        cumulative += counts[index] as number;
        values.push({
          labels: { le: bound as unknown as string },
          sharedLabels: labels,
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` });
    }
    return values;
  }
}
