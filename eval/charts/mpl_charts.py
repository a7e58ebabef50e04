#!/usr/bin/python3
"""Charts with known data drawn by matplotlib: a third renderer for the chart eval (eval/charts.ts).

Usage: /usr/bin/python3 eval/charts/mpl_charts.py FIRST_SEED COUNT OUT_DIR [--kinds bar,line,...]

One seed gives one chart (its kind is KINDS[seed % 7], the same order as the Vega-Lite generator's
seedKind, so EVAL_KINDS filters both alike). For each seed it writes mpl-<seed>.png and
mpl-<seed>.json in the figures-dev truth format (kind, title, y_scale, categories, series,
value_labels) plus value_domain / x_domain: the axis limits matplotlib drew, the yardstick of the
2 % score. Deterministic per seed: random.Random(seed), no clock; files already there are kept.
Eval-time only: nothing in the service runs Python.
"""
import json
import os
import random
import sys

import matplotlib

matplotlib.use('Agg')
import matplotlib.pyplot as plt  # noqa: E402

KINDS = ['bar', 'grouped_bar', 'stacked_bar', 'hbar', 'line', 'scatter', 'pie']
STYLES = ['default', 'default', 'ggplot', 'seaborn-v0_8', 'seaborn-v0_8-whitegrid', 'seaborn-v0_8-darkgrid',
          'seaborn-v0_8-white', 'seaborn-v0_8-ticks', 'seaborn-v0_8-muted', 'bmh', 'classic', 'fivethirtyeight']
FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono']
WORDS = ['North', 'South', 'East', 'West', 'Central', 'Alpha', 'Beta', 'Gamma', 'Delta', 'Omega', 'Retail',
         'Online', 'Export', 'Energy', 'Health', 'Travel', 'Food', 'Media', 'Sales', 'Legal', 'Audit', 'Ops',
         'Apples', 'Pears', 'Plums', 'Cherry', 'Harbor', 'Summit', 'Valley', 'Metro']
MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
SERIES = ['Actual', 'Budget', 'Forecast', 'Team A', 'Team B', 'Team C', '2022', '2023', 'Online', 'Stores',
          'Men', 'Women', 'Q1', 'Q2', 'Q3', 'Q4', 'Plan', 'Target']
TITLES = ['Sales by region', 'Monthly revenue', 'Profit and loss', 'Energy use', 'Survey results',
          'Market share', 'Response time', 'Growth rate', 'Units shipped', None]
LEGEND_INSIDE = ['best', 'best', 'best', 'upper right', 'upper left', 'lower right']


def chart(seed, out_dir):
    r = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    style = r.choice(STYLES)
    font_size = r.randint(8, 14)
    dpi = r.choice([80, 100, 100, 120, 150, 200])
    n_cats = r.randint(2, 8) if kind == 'pie' else r.randint(2, 7) if kind == 'grouped_bar' else r.randint(3, 12) if kind == 'line' else r.randint(2, 12)
    n_series = r.randint(2, 4) if kind in ('grouped_bar', 'stacked_bar') else r.randint(1, 4) if kind == 'line' else r.randint(1, 3) if kind == 'scatter' else (2 if kind == 'hbar' and r.random() < 0.25 else 1)
    base_w = 3.5 + 0.35 * n_cats * (n_series if kind == 'grouped_bar' else 1) ** 0.5
    fig_w = min(max(base_w + r.uniform(-0.5, 2.0), 3.5), 10.0)
    fig_h = r.uniform(2.8, 5.5)
    if kind == 'pie':
        fig_w = fig_h = r.uniform(3.2, 6.0)
    # Keep the picture under about 1400 px wide at high dpi.
    scale = min(1.0, 1400 / (fig_w * dpi))
    fig_w, fig_h = fig_w * scale, fig_h * scale
    grid = r.random() < 0.5
    title = r.choice(TITLES)
    value_labels = kind in ('bar', 'grouped_bar', 'stacked_bar', 'hbar', 'pie') and r.random() < 0.35
    src = r.random()
    if src < 0.45:
        cats = r.sample(WORDS, n_cats)
    elif src < 0.7:
        cats = MONTHS[:n_cats]
    elif src < 0.85:
        cats = [str(2010 + i) for i in range(n_cats)]
    else:
        cats = ['Q%d %d' % (i % 4 + 1, 20 + i // 4) for i in range(n_cats)]
    names = r.sample(SERIES, n_series)
    log = kind in ('bar', 'line', 'hbar') and r.random() < 0.18
    negatives = not log and kind in ('bar', 'grouped_bar', 'line', 'hbar') and r.random() < 0.3
    magnitude = r.choice([1, 10, 100, 1000, 10000, 100, 50])
    decimals = 2 if magnitude <= 1 else 1 if magnitude <= 100 else 0

    def value():
        if log:
            return float('%.3g' % (10 ** (r.random() * r.randint(2, 5))))
        v = ((r.random() * 1.6 - 0.5) if negatives else (0.08 + r.random() * 0.92)) * magnitude
        return round(v, decimals)

    truth = {'kind': kind, 'title': title, 'y_scale': 'log' if log else 'linear', 'categories': cats,
             'series': [], 'value_labels': value_labels, 'renderer': 'matplotlib ' + matplotlib.__version__}
    legend_out = r.random() < 0.35
    legend_loc = r.choice(LEGEND_INSIDE)
    value_title = r.choice(['Revenue (kEUR)', 'Units', 'Share', 'Rate', 'Count']) if r.random() < 0.5 else None
    cat_title = r.choice(['Region', 'Month', 'Year', 'Product']) if r.random() < 0.4 else None
    edge = r.random() < 0.2
    width_share = r.uniform(0.5, 0.85)
    marker = r.random() < 0.6
    with plt.style.context(style), plt.rc_context({'font.size': font_size, 'font.family': r.choice(FONTS)}):
        fig, ax = plt.subplots(figsize=(fig_w, fig_h), dpi=dpi)
        colours = plt.rcParams['axes.prop_cycle'].by_key().get('color', ['C0', 'C1', 'C2', 'C3'])
        single = r.choice(colours)
        fmt = '%%.%df' % decimals
        if kind in ('bar', 'grouped_bar', 'stacked_bar', 'hbar'):
            for name in names:
                truth['series'].append({'name': name if n_series > 1 else None, 'values': [value() for _ in cats]})
            xs = list(range(n_cats))
            horizontal = kind == 'hbar'
            stacked = kind == 'stacked_bar' or (horizontal and n_series > 1 and r.random() < 0.5)
            bottom = [0.0] * n_cats
            for j, s in enumerate(truth['series']):
                opts = {'label': s['name'], 'color': single if n_series == 1 else colours[j % len(colours)]}
                if edge:
                    opts.update(edgecolor='#333333', linewidth=0.8)
                if stacked:
                    pos, size = xs, width_share
                else:
                    size = width_share / n_series
                    pos = [x - width_share / 2 + size * (j + 0.5) for x in xs]
                if horizontal:
                    bars = ax.barh(pos, s['values'], height=size, left=bottom if stacked else None, **opts)
                else:
                    bars = ax.bar(pos, s['values'], width=size, bottom=bottom if stacked else None, **opts)
                if stacked:
                    bottom = [b + v for b, v in zip(bottom, s['values'])]
                if value_labels and not stacked:
                    ax.bar_label(bars, fmt=fmt, fontsize=font_size - 1, padding=2)
            if horizontal:
                ax.set_yticks(xs, cats)
                ax.invert_yaxis()  # the first category on top, as the truth lists them
            else:
                ax.set_xticks(xs, cats)
                if n_cats > 7 and max(len(c) for c in cats) > 4:
                    plt.setp(ax.get_xticklabels(), rotation=r.choice([0, 30, 45, 90]), ha='right' if r.random() < 0.7 else 'center')
            if stacked and kind == 'hbar':
                truth['kind'] = 'hbar'
        elif kind == 'line':
            for j, name in enumerate(names):
                vals = [value() for _ in cats]
                truth['series'].append({'name': name if n_series > 1 else None, 'values': vals})
                ax.plot(cats, vals, label=name if n_series > 1 else None, marker=r.choice(['o', 's', '^', 'D']) if marker else None,
                        linewidth=r.choice([1.0, 1.5, 2.0, 2.5]), linestyle='--' if r.random() < 0.12 else '-',
                        color=single if n_series == 1 else colours[j % len(colours)])
        elif kind == 'scatter':
            x_mag, y_mag = r.choice([1, 10, 100, 1000]), r.choice([1, 10, 100, 1000, 10000])
            truth['categories'] = None
            size = r.randint(15, 70)
            for j, name in enumerate(names):
                slope = r.random() * 2 - 0.5
                pts = []
                for _ in range(r.randint(6, 25)):
                    t = r.random()
                    pts.append([float('%.3g' % (t * x_mag)), float('%.3g' % ((0.1 + 0.8 * min(1, max(0, slope * t + r.random() * 0.5))) * y_mag))])
                truth['series'].append({'name': name if n_series > 1 else None, 'points': pts})
                ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=size, label=name if n_series > 1 else None,
                           marker=r.choice(['o', 'o', 's', '^']), color=single if n_series == 1 else colours[j % len(colours)])
        else:
            raw = [5 + r.random() * 40 for _ in cats]
            total = sum(raw)
            shares = [round(v / total * 100, 1) for v in raw]
            truth['series'].append({'name': None, 'values': shares})
            legend_pie = r.random() < 0.4
            ax.pie(shares, labels=None if legend_pie else cats, autopct='%.1f%%' if value_labels else None,
                   startangle=r.choice([0, 90, 90, 140]), counterclock=r.random() < 0.6,
                   wedgeprops={'edgecolor': 'white', 'linewidth': 1} if r.random() < 0.5 else None)
            ax.set_aspect('equal')
            if legend_pie:
                ax.legend(cats, loc='center left', bbox_to_anchor=(1.0, 0.5), fontsize=font_size - 1)
        if kind != 'pie':
            if log:
                (ax.set_xscale if kind == 'hbar' else ax.set_yscale)('log')
            ax.grid(grid, axis='x' if kind == 'hbar' else 'both' if kind == 'scatter' else 'y')
            ax.set_axisbelow(True)
            if value_title:
                (ax.set_xlabel if kind == 'hbar' else ax.set_ylabel)(value_title)
            if cat_title and kind != 'scatter':
                (ax.set_ylabel if kind == 'hbar' else ax.set_xlabel)(cat_title)
            if n_series > 1:
                if legend_out:
                    ax.legend(loc='upper left', bbox_to_anchor=(1.01, 1.0), fontsize=font_size - 1)
                else:
                    ax.legend(loc=legend_loc, fontsize=font_size - 1, frameon=r.random() < 0.8)
        if title:
            ax.set_title(title)
        fig.tight_layout()
        if kind == 'hbar':
            lo, hi = ax.get_xlim()
        else:
            lo, hi = ax.get_ylim()
        truth['value_domain'] = [min(lo, hi), max(lo, hi)] if kind != 'pie' else [0, 100]
        if kind == 'scatter':
            xlo, xhi = ax.get_xlim()
            truth['x_domain'] = [xlo, xhi]
        base = os.path.join(out_dir, 'mpl-%d' % seed)
        fig.savefig(base + '.png', dpi=dpi, bbox_inches='tight' if legend_out or kind == 'pie' else None,
                    facecolor=fig.get_facecolor())
        plt.close(fig)
    with open(base + '.json', 'w') as f:
        json.dump(truth, f, indent=1)


def main():
    first, count, out_dir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    kinds = None
    if len(sys.argv) > 5 and sys.argv[4] == '--kinds':
        kinds = set(sys.argv[5].split(','))
    os.makedirs(out_dir, exist_ok=True)
    made, seed = 0, first
    while made < count:
        if kinds is None or KINDS[seed % len(KINDS)] in kinds:
            if not os.path.exists(os.path.join(out_dir, 'mpl-%d.json' % seed)):
                chart(seed, out_dir)
            made += 1
        seed += 1


if __name__ == '__main__':
    main()
