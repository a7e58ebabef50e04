#!/usr/bin/Rscript
# Charts with known data drawn by R's ggplot2: a fourth renderer for the chart eval (eval/charts.ts),
# written before any extraction of its charts was looked at, so that it measures how the rules
# generalise to a plotting library they were never written on (grey panels with white gridlines,
# Brewer and viridis palettes, legends beside, below or inside the panel, polar pies).
#
# Usage: Rscript eval/charts/gg_charts.R FIRST_SEED COUNT OUT_DIR [--kinds bar,line,...]
#
# One seed gives one chart (its kind is KINDS[seed %% 7], the order of the other generators, so
# EVAL_KINDS filters all alike). For each seed it writes gg-<seed>.png and gg-<seed>.json in the
# figures-dev truth format (kind, title, y_scale, categories, series, value_labels) plus
# value_domain / x_domain: the axis limits ggplot2 drew (from ggplot_build), the yardstick of the
# 2 % score. Deterministic per seed (set.seed); files already there are kept. Eval-time only:
# nothing in the service runs R (Debian: r-cran-ggplot2, installed by `make eval-deps`).
suppressPackageStartupMessages(library(ggplot2))

KINDS <- c('bar', 'grouped_bar', 'stacked_bar', 'hbar', 'line', 'scatter', 'pie')
THEMES <- list(theme_grey, theme_grey, theme_bw, theme_minimal, theme_classic, theme_light, theme_linedraw)
FAMILIES <- c('sans', 'sans', 'serif', 'mono')
WORDS <- c('Nordic', 'Coastal', 'Inland', 'Upland', 'Lowland', 'Harbour', 'Airport', 'Campus', 'Mills',
           'Docks', 'Garden', 'Forest', 'Mining', 'Textile', 'Cement', 'Copper', 'Timber', 'Grain', 'Dairy',
           'Fishery', 'Rail', 'Road', 'Ferry', 'Tram', 'Solar', 'Wind', 'Hydro', 'Biogas')
MONTHS <- c('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec')
SERIES <- c('Plant 1', 'Plant 2', 'Plant 3', 'Urban', 'Rural', 'Domestic', 'Foreign', 'Spring', 'Autumn',
            'Before', 'After', 'Low', 'High', 'Group X', 'Group Y', 'Group Z', '2019', '2024')
TITLES <- c('Output by site', 'Quarterly orders', 'Water use', 'Freight volume', 'Staff survey',
            'Share of sales', 'Waiting time', 'Yield per field', 'Visitors', '')
PALETTES <- c('hue', 'hue', 'Set1', 'Dark2', 'Set2', 'Paired', 'viridis')

pick <- function(x) x[[sample.int(length(x), 1)]]
unif <- function(lo, hi) lo + runif(1) * (hi - lo)
int <- function(lo, hi) lo + sample.int(hi - lo + 1, 1) - 1

chart <- function(seed, out_dir) {
  set.seed(seed)
  kind <- KINDS[seed %% length(KINDS) + 1]
  theme_fn <- pick(THEMES)
  base_size <- int(9, 15)
  family <- pick(FAMILIES)
  dpi <- pick(c(96, 100, 120, 150, 150, 200))
  n_cats <- switch(kind, pie = int(2, 7), grouped_bar = int(2, 6), line = int(3, 12), int(2, 11))
  n_series <- switch(kind, grouped_bar = int(2, 4), stacked_bar = int(2, 4), line = int(1, 4), scatter = int(1, 3), 1)
  src <- runif(1)
  cats <- if (src < 0.45) sample(WORDS, n_cats) else if (src < 0.7) MONTHS[seq_len(n_cats)] else if (src < 0.85) as.character(2001 + seq_len(n_cats)) else sprintf('W%d', seq_len(n_cats))
  names <- sample(SERIES, n_series)
  log_axis <- kind %in% c('bar', 'line', 'hbar') && runif(1) < 0.18
  negatives <- !log_axis && kind %in% c('bar', 'grouped_bar', 'line', 'hbar') && runif(1) < 0.3
  magnitude <- pick(c(1, 10, 100, 1000, 10000, 250, 40))
  decimals <- if (magnitude <= 1) 2 else if (magnitude <= 100) 1 else 0
  value <- function(n) {
    if (log_axis) return(signif(10^(runif(n) * int(2, 5)), 3))
    v <- (if (negatives) runif(n) * 1.6 - 0.5 else 0.08 + runif(n) * 0.92) * magnitude
    round(v, decimals)
  }
  value_labels <- kind %in% c('bar', 'grouped_bar', 'hbar', 'pie') && runif(1) < 0.35
  title <- pick(TITLES)
  value_title <- if (runif(1) < 0.5) pick(c('Tonnes', 'Orders', 'Cost (kUSD)', 'Hours', 'Index')) else NULL
  cat_title <- if (runif(1) < 0.4) pick(c('Site', 'Month', 'Year', 'Week')) else NULL
  palette <- pick(PALETTES)
  # Inside the panel only where a user would find room for it (above lines and points, a corner).
  legend_pos <- pick(if (kind %in% c('line', 'scatter')) list('right', 'right', 'bottom', 'top', c(0.88, 0.85), c(0.14, 0.85)) else list('right', 'right', 'bottom', 'top'))
  outline <- runif(1) < 0.2
  bar_width <- unif(0.5, 0.9)
  truth <- list(kind = kind, title = if (title == '') NULL else title, y_scale = if (log_axis) 'log' else 'linear',
                categories = cats, series = list(), value_labels = value_labels,
                renderer = paste('ggplot2', as.character(packageVersion('ggplot2'))))
  levels_cat <- if (kind == 'hbar') rev(cats) else cats # coord_flip draws the first level at the bottom
  fmt <- paste0('%.', decimals, 'f')

  if (kind %in% c('bar', 'grouped_bar', 'stacked_bar', 'hbar')) {
    rows <- list()
    for (j in seq_len(n_series)) {
      vals <- value(n_cats)
      truth$series[[j]] <- list(name = if (n_series > 1) names[j] else NULL, values = vals)
      rows[[j]] <- data.frame(cat = factor(cats, levels = levels_cat), series = factor(names[j], levels = names), v = vals)
    }
    d <- do.call(rbind, rows)
    position <- if (kind == 'stacked_bar') position_stack() else position_dodge(width = bar_width)
    p <- ggplot(d, aes(x = cat, y = v, fill = series)) +
      geom_col(position = position, width = bar_width, colour = if (outline) 'grey20' else NA, linewidth = 0.3)
    if (value_labels) {
      # Beyond the bar's end: above (below a negative one), or right of it on horizontal bars.
      text_aes <- if (kind == 'hbar') aes(label = sprintf(fmt, v), hjust = ifelse(v >= 0, -0.1, 1.1)) else aes(label = sprintf(fmt, v), vjust = ifelse(v >= 0, -0.4, 1.3))
      p <- p + geom_text(text_aes, position = position_dodge(width = bar_width), size = base_size / 3.2, family = family)
    }
    if (kind == 'hbar') p <- p + coord_flip()
    if (n_series == 1) p <- p + guides(fill = 'none')
  } else if (kind == 'line') {
    rows <- list()
    for (j in seq_len(n_series)) {
      vals <- value(n_cats)
      truth$series[[j]] <- list(name = if (n_series > 1) names[j] else NULL, values = vals)
      rows[[j]] <- data.frame(cat = factor(cats, levels = cats), series = factor(names[j], levels = names), v = vals)
    }
    d <- do.call(rbind, rows)
    p <- ggplot(d, aes(x = cat, y = v, colour = series, group = series)) +
      geom_line(linewidth = pick(c(0.5, 0.8, 1.1)), linetype = if (runif(1) < 0.12) 'dashed' else 'solid')
    if (runif(1) < 0.6) p <- p + geom_point(size = pick(c(1.5, 2, 2.5)), shape = pick(c(16, 15, 17, 18)))
    if (n_series == 1) p <- p + guides(colour = 'none')
  } else if (kind == 'scatter') {
    x_mag <- pick(c(1, 10, 100, 1000))
    y_mag <- pick(c(1, 10, 100, 1000, 10000))
    truth['categories'] <- list(NULL)
    rows <- list()
    for (j in seq_len(n_series)) {
      n <- int(6, 25)
      slope <- runif(1) * 2 - 0.5
      t <- runif(n)
      xs <- signif(t * x_mag, 3)
      ys <- signif((0.1 + 0.8 * pmin(1, pmax(0, slope * t + runif(n) * 0.5))) * y_mag, 3)
      truth$series[[j]] <- list(name = if (n_series > 1) names[j] else NULL, points = lapply(seq_len(n), function(i) c(xs[i], ys[i])))
      rows[[j]] <- data.frame(x = xs, y = ys, series = factor(names[j], levels = names))
    }
    d <- do.call(rbind, rows)
    p <- ggplot(d, aes(x = x, y = y, colour = series)) + geom_point(size = unif(1.5, 3.5), shape = pick(c(16, 16, 15, 17)))
    if (n_series == 1) p <- p + guides(colour = 'none')
  } else {
    raw <- 5 + runif(n_cats) * 40
    shares <- round(raw / sum(raw) * 100, 1)
    truth$series[[1]] <- list(name = NULL, values = shares)
    d <- data.frame(cat = factor(cats, levels = cats), v = shares)
    p <- ggplot(d, aes(x = '', y = v, fill = cat)) +
      geom_col(width = 1, colour = if (runif(1) < 0.5) 'white' else NA) +
      coord_polar(theta = 'y', start = 0) + labs(x = NULL, y = NULL, fill = NULL)
    if (value_labels) p <- p + geom_text(aes(label = sprintf('%.1f%%', v)), position = position_stack(vjust = 0.5), size = base_size / 3.2, family = family)
  }

  if (kind != 'scatter' && kind != 'line') {
    if (palette == 'hue') p <- p + scale_fill_discrete() else if (palette == 'viridis') p <- p + scale_fill_viridis_d(end = 0.9) else p <- p + scale_fill_brewer(palette = palette)
  } else {
    if (palette == 'hue') p <- p + scale_colour_discrete() else if (palette == 'viridis') p <- p + scale_colour_viridis_d(end = 0.9) else p <- p + scale_colour_brewer(palette = if (palette %in% c('Set2', 'Paired')) 'Dark2' else palette)
  }
  if (log_axis) p <- p + scale_y_log10()
  p <- p + theme_fn(base_size = base_size, base_family = family)
  if (kind == 'pie') {
    p <- p + theme(axis.text = element_blank(), axis.ticks = element_blank(), panel.grid = element_blank(), panel.border = element_blank(),
                   panel.background = element_blank())
  } else {
    p <- p + labs(y = value_title, x = if (kind == 'scatter') NULL else cat_title, fill = NULL, colour = NULL)
    if (kind == 'scatter') p <- p + labs(x = pick(c('Distance (km)', 'Load', 'Age', 'Price')))
    if (n_cats > 7 && kind != 'hbar' && max(nchar(cats)) > 4 && runif(1) < 0.5) p <- p + theme(axis.text.x = element_text(angle = 45, hjust = 1))
  }
  if (is.numeric(legend_pos)) p <- p + theme(legend.position = legend_pos, legend.background = element_rect(fill = 'white', colour = 'grey60')) else p <- p + theme(legend.position = legend_pos)
  if (!is.null(truth$title)) p <- p + ggtitle(truth$title)

  built <- ggplot_build(p)
  pp <- built$layout$panel_params[[1]]
  if (kind == 'pie') {
    truth$value_domain <- c(0, 100)
  } else {
    # coord_flip's panel parameters are flipped: there the value scale is x. Ranges are in the
    # transformed (log10) space on a log axis.
    yr <- if (kind == 'hbar') pp$x.range else pp$y.range
    if (log_axis) yr <- 10^yr
    truth$value_domain <- sort(yr)
    if (kind == 'scatter') truth$x_domain <- sort(pp$x.range)
  }
  w <- if (kind == 'pie') unif(3.2, 5.5) else min(max(3.5 + 0.35 * n_cats * sqrt(if (kind == 'grouped_bar') n_series else 1) + unif(-0.5, 2.0), 3.5), 9.5)
  h <- if (kind == 'pie') w * unif(0.8, 1.0) else unif(2.8, 5.2)
  s <- min(1, 1400 / (w * dpi))
  base <- file.path(out_dir, sprintf('gg-%d', seed))
  ggsave(paste0(base, '.png'), p, width = w * s, height = h * s, dpi = dpi, units = 'in', bg = 'white')
  writeLines(jsonlite_like(truth), paste0(base, '.json'))
}

# A small JSON writer (jsonlite is not among the Debian packages installed): lists with names are
# objects, unnamed lists and vectors arrays; NULL is null; one number per value, full precision.
jsonlite_like <- function(x) {
  if (is.null(x)) return('null')
  if (is.list(x) && !is.null(names(x))) {
    keys <- names(x)
    return(paste0('{', paste(vapply(keys, function(k) paste0('"', k, '": ', jsonlite_like(x[[k]])), ''), collapse = ', '), '}'))
  }
  if (is.list(x)) return(paste0('[', paste(vapply(x, jsonlite_like, ''), collapse = ', '), ']'))
  if (is.character(x)) {
    parts <- paste0('"', gsub('"', '\\\\"', x), '"')
    return(if (length(x) == 1 && is.null(attr(x, 'array'))) parts else paste0('[', paste(parts, collapse = ', '), ']'))
  }
  if (is.logical(x)) return(if (length(x) == 1) tolower(as.character(x)) else paste0('[', paste(tolower(as.character(x)), collapse = ', '), ']'))
  nums <- format(x, digits = 15, scientific = FALSE, trim = TRUE)
  paste0('[', paste(nums, collapse = ', '), ']')
}

main <- function() {
  args <- commandArgs(trailingOnly = TRUE)
  first <- as.integer(args[1])
  count <- as.integer(args[2])
  out_dir <- args[3]
  kinds <- if (length(args) >= 5 && args[4] == '--kinds') strsplit(args[5], ',')[[1]] else NULL
  dir.create(out_dir, showWarnings = FALSE, recursive = TRUE)
  made <- 0
  seed <- first
  while (made < count) {
    if (is.null(kinds) || KINDS[seed %% length(KINDS) + 1] %in% kinds) {
      if (!file.exists(file.path(out_dir, sprintf('gg-%d.json', seed)))) chart(seed, out_dir)
      made <- made + 1
    }
    seed <- seed + 1
  }
}

main()
