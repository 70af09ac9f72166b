package io.fsbench.core.report.compare;

/** The page's inline style sheet: readable on screen, compact and colour-safe on paper. */
final class HtmlStyle {

  private HtmlStyle() {}

  static final String CSS =
      """
      :root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa;
        --good: #1a7f37; --bad: #cf222e; --warn-bg: #fff8c5; --warn-line: #d4a72c; }
      * { box-sizing: border-box; }
      body { margin: 0; color: var(--ink); background: #fff;
        font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
          "DejaVu Sans", sans-serif; }
      main { max-width: 1100px; margin: 0 auto; padding: 24px 32px 48px; }
      h1 { font-size: 28px; margin: 0 0 4px; }
      h2 { font-size: 20px; margin: 32px 0 12px; padding-bottom: 4px;
        border-bottom: 1px solid var(--line); }
      h3 { font-size: 16px; margin: 20px 0 8px; }
      .meta { color: var(--muted); margin: 0; }
      .settings { margin: 8px 0 0; }
      .note { color: var(--muted); margin: 0 0 12px; }
      code { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace;
        background: var(--soft); padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
      table { border-collapse: collapse; width: 100%; margin: 0 0 8px; font-size: 14px; }
      th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line);
        vertical-align: top; }
      thead th { background: var(--soft); font-weight: 600; }
      td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
      tr.group th { background: #eef3f8; font-size: 15px; padding-top: 8px; }
      tr.group .unit { font-weight: 400; color: var(--muted); margin-left: 8px; }
      td.better { color: var(--good); font-weight: 600; }
      td.worse { color: var(--bad); font-weight: 600; }
      td.same { color: var(--muted); }
      td.base { color: var(--muted); font-style: italic; }
      td.failed { color: var(--bad); }
      .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
        gap: 12px; }
      .card { border: 1px solid var(--line); border-left: 4px solid #4e79a7; border-radius: 6px;
        padding: 10px 14px; background: #fff; }
      .card .use { color: var(--muted); font-size: 13px; text-transform: uppercase;
        letter-spacing: .03em; }
      .card .pick { font-size: 22px; font-weight: 700; margin: 2px 0; }
      .card .why { font-size: 14px; }
      .card .from { color: var(--muted); font-size: 12px; margin-top: 4px; }
      .warnings { background: var(--warn-bg); border: 1px solid var(--warn-line);
        border-radius: 6px; padding: 4px 16px; margin-top: 24px; }
      .warnings h2 { border: 0; margin: 8px 0 4px; font-size: 17px; }
      .warnings ul { margin: 4px 0 10px; padding-left: 20px; }
      figure { margin: 0 0 20px; }
      figcaption { margin: 0 0 4px; }
      svg.chart { max-width: 100%; height: auto; font: 13px system-ui, "DejaVu Sans", sans-serif; }
      svg .grid { stroke: #e6eaef; stroke-width: 1; }
      svg .tick { fill: var(--muted); font-size: 11px; }
      svg .label { fill: var(--ink); }
      svg .value { fill: var(--ink); font-size: 12px; font-variant-numeric: tabular-nums;
        paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
      svg .ci { stroke: #24292f; stroke-width: 1.5; fill: none; }
      svg .baseline { stroke: #24292f; stroke-width: 1.2; stroke-dasharray: 5 4; }
      svg .baseline-label { fill: var(--muted); font-size: 11px; }
      table.heat { width: auto; }
      table.heat th { font-weight: 400; white-space: nowrap; }
      table.heat td.unit { color: var(--muted); white-space: nowrap; }
      .legend .swatch { display: inline-block; min-width: 44px; text-align: center;
        font-size: 12px; padding: 1px 4px; margin-right: 2px; border: 1px solid var(--line); }
      table.features { width: auto; }
      table.features td, table.features th { text-align: center; min-width: 80px; }
      table.features th:first-child, table.features tbody th { text-align: left; font-weight: 400; }
      td.yes { color: var(--good); font-weight: 700; }
      td.no { color: #8c959f; }
      table.env { width: auto; }
      table.env th { font-weight: 600; padding-right: 24px; }
      details summary { cursor: pointer; font-size: 18px; font-weight: 600; margin: 28px 0 10px; }
      @media print {
        body { font-size: 11px; }
        main { max-width: none; padding: 0; }
        h2 { break-after: avoid; }
        section, figure, .card, tr { break-inside: avoid; }
        details > summary { display: none; }
        * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      }
      """;
}
