package io.jvortex.cli;

import io.jvortex.api.LayoutInfo;
import io.jvortex.api.SegmentInfo;
import io.jvortex.api.Zone;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The page of {@code jvx inspect --html}: one self-contained HTML document (inline CSS, SVG and a few
 * lines of JavaScript; a Content-Security-Policy that forbids every network request) with the file's
 * summary, bytes per column as bars stacked by encoding with compression ratios, bytes per encoding,
 * the column statistics table, per-column zone-map heat strips (min, max, null share per zone), the
 * schema and the layout tree with the encoding tree of each flat segment. Every text from the file is
 * escaped.
 */
final class InspectHtml {
    /** Layout nodes shown per parent; the rest are counted. */
    static final int MAX_CHILDREN = 200;
    /** Layout tree levels open at first. */
    private static final int OPEN_LEVELS = 2;
    /** Encoding colours, largest encoding first. */
    private static final String[] PALETTE = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#86bcb6", "#d37295", "#a0cbe8", "#ffbe7d", "#8cd17d", "#b6992d"};
    /** Viridis, five stops, for min/max heat strips. */
    private static final int[][] VIRIDIS = {{0x44, 0x01, 0x54}, {0x3b, 0x52, 0x8b}, {0x21, 0x91, 0x8c},
        {0x5e, 0xc9, 0x62}, {0xfd, 0xe7, 0x25}};
    private static final String ZONE_MAP_COLOR = "#d9d9d9";
    private static final String MISSING_COLOR = "#f0f0f0";

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;max-width:1200px}
            h1{font-size:1.4em;word-break:break-all}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
            table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left;vertical-align:top}
            th{background:#f3f3f3}tr:nth-child(even) td{background:#fafafa}
            td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            .note{color:#555;font-size:.9em}.swatch{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle;border:1px solid #0003}
            svg.bar{width:600px;height:18px;display:block}svg.strip{width:600px;height:14px;display:block;outline:1px solid #ccc}
            .col{overflow-wrap:break-word;max-width:260px}ul.tree{list-style:none;padding-left:1.2em;margin:0}
            details>summary{cursor:pointer}code{font-size:.95em}.enc{color:#555}
            pre{background:#f6f6f6;padding:.6em;overflow:auto}.err{color:#a00}section{overflow-x:auto}
            """;

    private static final String SCRIPT = """
            (function () {
              'use strict';
              function setAll(open) {
                var nodes = document.querySelectorAll('#layout details');
                for (var i = 0; i < nodes.length; i++) { nodes[i].open = open; }
              }
              document.getElementById('expand-all').addEventListener('click', function () { setAll(true); });
              document.getElementById('collapse-all').addEventListener('click', function () { setAll(false); });
              var filter = document.getElementById('column-filter');
              filter.addEventListener('input', function () {
                var q = filter.value.toLowerCase();
                var rows = document.querySelectorAll('[data-column]');
                for (var i = 0; i < rows.length; i++) {
                  var name = rows[i].getAttribute('data-column').toLowerCase();
                  rows[i].style.display = name.indexOf(q) >= 0 ? '' : 'none';
                }
              });
            })();
            """;

    private final FileReport report;
    private final StringBuilder out = new StringBuilder(1 << 16);
    private final Map<String, String> colors = new HashMap<>();

    private InspectHtml(FileReport report) {
        this.report = report;
        int next = 0;
        for (String encoding : report.encodingBytes().keySet()) {
            colors.put(encoding, switch (encoding) {
                case FileReport.HEADERS -> "#b0b0b0";
                case FileReport.UNPARSED -> "#606060";
                default -> next < PALETTE.length ? PALETTE[next++]
                        : String.format(Locale.ROOT, "hsl(%d,55%%,60%%)", Math.floorMod(encoding.hashCode(), 360));
            });
        }
    }

    /**
     * @param report what to show
     * @return the page
     */
    static String render(FileReport report) {
        return new InspectHtml(report).page();
    }

    private String page() {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>jvx inspect: ").append(esc(report.source())).append("</title>\n")
                .append("<style>").append(STYLE).append("</style>\n</head>\n<body>\n");
        summary();
        bytes();
        encodings();
        columns();
        zones();
        schema();
        layout();
        out.append("<script>").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return out.toString();
    }

    private void summary() {
        FileReport r = report;
        long zoneMaps = r.columns().stream().mapToLong(FileReport.ColumnReport::zoneMapBytes).sum();
        out.append("<h1>").append(esc(r.source())).append("</h1>\n<section id=\"summary\"><table>\n");
        row("rows", Long.toString(r.rows()));
        row("columns", Integer.toString(r.columns().size()));
        row("file bytes", bytes(r.fileBytes()));
        row("data segments", bytes(r.dataBytes()));
        row("zone maps", bytes(zoneMaps));
        row("other segments", bytes(r.otherSegmentBytes()));
        row("footer, padding and unknown layouts", bytes(r.footerBytes()));
        String of = r.columns().stream().anyMatch(c -> c.decodeError() != null) ? " (decodable columns)" : "";
        row("uncompressed" + of, bytes(r.uncompressedBytes()));
        row("compression ratio" + of, InspectCommand.ratio(r.ratio()));
        out.append("</table>\n<p class=\"note\">").append(esc(FileReport.UNCOMPRESSED_METHOD)).append(".</p>\n")
                .append("<p><label>Filter columns: <input id=\"column-filter\" type=\"search\"></label></p>\n")
                .append("</section>\n");
    }

    private void row(String name, String value) {
        out.append("<tr><th>").append(esc(name)).append("</th><td class=\"n\">").append(esc(value))
                .append("</td></tr>\n");
    }

    /** Bars of stored bytes per column, stacked by encoding, zone maps last; scaled to the largest column. */
    private void bytes() {
        out.append("<section id=\"bytes\"><h2>Bytes per column and encoding</h2>\n");
        legend();
        long max = 1;
        for (FileReport.ColumnReport c : report.columns()) {
            max = Math.max(max, c.dataBytes() + c.zoneMapBytes());
        }
        out.append("<table>\n<tr><th>column</th><th>stored bytes by encoding</th><th>stored</th>")
                .append("<th>uncompressed</th><th>ratio</th></tr>\n");
        for (FileReport.ColumnReport c : report.columns()) {
            out.append("<tr data-column=\"").append(esc(c.name())).append("\"><td class=\"col\">").append(esc(c.name()))
                    .append("</td><td><svg class=\"bar\" viewBox=\"0 0 1000 18\" preserveAspectRatio=\"none\" ")
                    .append("role=\"img\" aria-label=\"bytes of ").append(esc(c.name())).append("\">");
            double x = 0;
            long total = Math.max(1, c.dataBytes());
            for (Map.Entry<String, Long> e : c.encodingBytes().entrySet()) {
                x = rect(x, 1000.0 * e.getValue() / max, colors.getOrDefault(e.getKey(), "#999"),
                        e.getKey() + ": " + bytes(e.getValue()) + " (" + InspectCommand.percent(e.getValue(), total)
                                + " of the column's data)");
            }
            if (c.zoneMapBytes() > 0) {
                rect(x, 1000.0 * c.zoneMapBytes() / max, ZONE_MAP_COLOR, "zone maps: " + bytes(c.zoneMapBytes()));
            }
            out.append("</svg></td><td class=\"n\">").append(esc(bytes(c.dataBytes() + c.zoneMapBytes())))
                    .append("</td><td class=\"n\">");
            uncompressed(c);
            out.append("</td><td class=\"n\">").append(InspectCommand.ratio(c.ratio())).append("</td></tr>\n");
        }
        out.append("</table>\n</section>\n");
    }

    private void uncompressed(FileReport.ColumnReport c) {
        if (c.uncompressedBytes().isPresent()) {
            out.append(esc(bytes(c.uncompressedBytes().getAsLong())));
        } else {
            out.append("<span class=\"err\" title=\"").append(esc(c.decodeError())).append("\">not decodable</span>");
        }
    }

    private double rect(double x, double width, String color, String title) {
        out.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"18\" fill=\"%s\">",
                x, width, esc(color))).append("<title>").append(esc(title)).append("</title></rect>");
        return x + width;
    }

    private void legend() {
        out.append("<p>");
        for (String encoding : report.encodingBytes().keySet()) {
            swatch(colors.get(encoding));
            out.append("<code>").append(esc(encoding)).append("</code> &nbsp; ");
        }
        swatch(ZONE_MAP_COLOR);
        out.append("zone maps</p>\n");
    }

    private void swatch(String color) {
        out.append("<span class=\"swatch\" style=\"background:").append(esc(color)).append("\"></span>");
    }

    private void encodings() {
        out.append("<section id=\"encodings\"><h2>Bytes per encoding</h2>\n<p class=\"note\">")
                .append("A data segment's bytes go to the encodings of its encoding tree by their buffers and metadata; ")
                .append(esc(FileReport.HEADERS)).append(" is the rest of the segment.</p>\n")
                .append("<table>\n<tr><th>encoding</th><th>bytes</th><th>share of data</th></tr>\n");
        long data = Math.max(1, report.dataBytes());
        for (Map.Entry<String, Long> e : report.encodingBytes().entrySet()) {
            out.append("<tr><td>");
            swatch(colors.get(e.getKey()));
            out.append("<code>").append(esc(e.getKey())).append("</code></td><td class=\"n\">")
                    .append(esc(bytes(e.getValue()))).append("</td><td class=\"n\">")
                    .append(InspectCommand.percent(e.getValue(), data)).append("</td></tr>\n");
        }
        out.append("</table>\n</section>\n");
    }

    /** The dtype and statistics table. */
    private void columns() {
        out.append("<section id=\"columns\"><h2>Columns: dtypes and file statistics</h2>\n<table>\n<tr>");
        for (String h : List.of("column", "dtype", "min", "max", "null count", "NaN count", "sum", "sorted",
                "strictly sorted", "constant", "stored", "zone maps", "uncompressed", "ratio")) {
            out.append("<th>").append(esc(h)).append("</th>");
        }
        out.append("</tr>\n");
        for (FileReport.ColumnReport c : report.columns()) {
            ArrayStatistics s = c.statistics();
            out.append("<tr data-column=\"").append(esc(c.name())).append("\"><td class=\"col\">").append(esc(c.name()))
                    .append("</td><td><code>").append(esc(c.dtype().display())).append("</code></td>");
            cell(ScalarText.format(s.min().orElse(null)));
            cell(ScalarText.format(s.max().orElse(null)));
            cell(StatsCommand.text(s.nullCount()));
            cell(StatsCommand.text(s.nanCount()));
            cell(ScalarText.format(s.sum().orElse(null)));
            cell(StatsCommand.text(s.isSorted()));
            cell(StatsCommand.text(s.isStrictSorted()));
            cell(StatsCommand.text(s.isConstant()));
            cell(Long.toString(c.dataBytes()));
            cell(Long.toString(c.zoneMapBytes()));
            out.append("<td class=\"n\">");
            uncompressed(c);
            out.append("</td>");
            cell(InspectCommand.ratio(c.ratio()));
            out.append("</tr>\n");
        }
        out.append("</table>\n</section>\n");
    }

    private void cell(String text) {
        out.append("<td>").append(esc(text)).append("</td>");
    }

    /** Per column three strips over its zones: min and max on one shared scale, and the null share. */
    private void zones() {
        out.append("<section id=\"zones\"><h2>Zone maps</h2>\n<p class=\"note\">One cell per zone, in row order. ")
                .append("min and max share one colour scale per column (numbers by value, text and binary by rank; ")
                .append("dark = low, yellow = high; grey = not stored); nulls: white = none, red = all rows null. ")
                .append("Hover a cell for its zone's statistics.</p>\n<table>\n");
        for (FileReport.ColumnReport c : report.columns()) {
            out.append("<tr data-column=\"").append(esc(c.name())).append("\"><td class=\"col\" rowspan=\"3\">")
                    .append(esc(c.name())).append("<br><span class=\"note\">");
            List<Zone> zones = c.zones();
            if (zones.isEmpty()) {
                out.append("no zone map</span></td><td colspan=\"2\"></td></tr>\n<tr data-column=\"")
                        .append(esc(c.name())).append("\"></tr><tr data-column=\"").append(esc(c.name()))
                        .append("\"></tr>\n");
                continue;
            }
            out.append(zones.size()).append(" zones</span></td>");
            double[] scale = scale(zones);
            strip(c, zones, "min", z -> color(z.statistics().get("min"), scale));
            out.append("<tr data-column=\"").append(esc(c.name())).append("\">");
            strip(c, zones, "max", z -> color(z.statistics().get("max"), scale));
            out.append("<tr data-column=\"").append(esc(c.name())).append("\">");
            strip(c, zones, "nulls", InspectHtml::nullColor);
        }
        out.append("</table>\n</section>\n");
    }

    private void strip(FileReport.ColumnReport c, List<Zone> zones, String label,
                       java.util.function.Function<Zone, String> fill) {
        out.append("<td>").append(label).append("</td><td><svg class=\"strip\" viewBox=\"0 0 ").append(zones.size())
                .append(" 1\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"").append(label)
                .append(" per zone of ").append(esc(c.name())).append("\">");
        for (int i = 0; i < zones.size(); i++) {
            Zone z = zones.get(i);
            out.append("<rect x=\"").append(i).append("\" y=\"0\" width=\"1.05\" height=\"1\" fill=\"")
                    .append(fill.apply(z)).append("\"><title>").append(esc(zoneTitle(i, z))).append("</title></rect>");
        }
        out.append("</svg></td></tr>\n");
    }

    private static String zoneTitle(int index, Zone z) {
        StringBuilder t = new StringBuilder("zone ").append(index).append(": rows ").append(z.rowStart()).append('–')
                .append(z.rowStart() + z.rowCount() - 1);
        for (String name : StatsCommand.ordered(z.statistics().keySet())) {
            t.append(", ").append(name).append('=').append(ScalarText.format(z.statistics().get(name)));
        }
        return t.toString();
    }

    /**
     * The colour domain of a column's min and max values: {@code {low, high}} over numbers, or
     * {@code {NaN, count}} to colour by rank (text and binary values, ranked by their bytes).
     */
    private double[] scale(List<Zone> zones) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        List<byte[]> ranked = new ArrayList<>();
        for (Zone z : zones) {
            for (String stat : List.of("min", "max")) {
                Scalar s = z.statistics().get(stat);
                double v = ScalarText.number(s);
                if (Double.isFinite(v)) {
                    low = Math.min(low, v);
                    high = Math.max(high, v);
                }
                byte[] b = ScalarText.bytes(s);
                if (b != null) {
                    ranked.add(b);
                }
            }
        }
        if (low <= high) {
            return new double[] {low, high};
        }
        ranked.sort(Arrays::compareUnsigned);
        rankedValues = ranked;
        return new double[] {Double.NaN, ranked.size()};
    }

    /** The sorted text/binary values of the column being drawn (for rank colours). */
    private List<byte[]> rankedValues = List.of();

    private String color(Scalar value, double[] scale) {
        if (value == null || value.isNull()) {
            return MISSING_COLOR;
        }
        double t;
        if (Double.isNaN(scale[0])) {
            byte[] b = ScalarText.bytes(value);
            if (b == null || rankedValues.size() < 2) {
                return b == null ? MISSING_COLOR : rgb(VIRIDIS[2]);
            }
            int rank = java.util.Collections.binarySearch(rankedValues, b, Arrays::compareUnsigned);
            t = (double) Math.max(rank, 0) / (rankedValues.size() - 1);
        } else {
            double v = ScalarText.number(value);
            if (!Double.isFinite(v)) {
                return MISSING_COLOR;
            }
            t = scale[1] > scale[0] ? (v - scale[0]) / (scale[1] - scale[0]) : 0.5;
        }
        return viridis(t);
    }

    private static String viridis(double t) {
        double p = Math.clamp(t, 0.0, 1.0) * (VIRIDIS.length - 1);
        int i = Math.min((int) p, VIRIDIS.length - 2);
        double f = p - i;
        int[] c = new int[3];
        for (int k = 0; k < 3; k++) {
            c[k] = (int) Math.round(VIRIDIS[i][k] + f * (VIRIDIS[i + 1][k] - VIRIDIS[i][k]));
        }
        return rgb(c);
    }

    private static String rgb(int[] c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c[0], c[1], c[2]);
    }

    private static String nullColor(Zone z) {
        Scalar nulls = z.statistics().get("null_count");
        double n = ScalarText.number(nulls);
        if (!Double.isFinite(n) || z.rowCount() <= 0) {
            return MISSING_COLOR;
        }
        double share = Math.clamp(n / z.rowCount(), 0.0, 1.0);
        int g = (int) Math.round(255 - share * (255 - 0x40));
        return rgb(new int[] {255, g, g});
    }

    private void schema() {
        StringWriter text = new StringWriter();
        SchemaCommand.print(new PrintWriter(text), report.dtype());
        out.append("<section id=\"schema\"><h2>Schema</h2>\n<pre>").append(esc(text.toString())).append("</pre>\n")
                .append("</section>\n");
    }

    private void layout() {
        out.append("<section id=\"layout\"><h2>Layout tree</h2>\n<p class=\"note\">Each flat layout shows its ")
                .append("segment and the encoding tree stored in it (bytes of each encoding's own buffers and metadata).</p>\n")
                .append("<p><button type=\"button\" id=\"expand-all\">expand all</button> ")
                .append("<button type=\"button\" id=\"collapse-all\">collapse all</button></p>\n<ul class=\"tree\">");
        node(report.layout(), 0);
        out.append("</ul>\n</section>\n");
    }

    private void node(LayoutInfo node, int depth) {
        boolean leaf = node.children().isEmpty() && node.segments().stream()
                .noneMatch(s -> report.segmentEncodings().containsKey(s.id()));
        out.append("<li>");
        if (!leaf) {
            out.append(depth < OPEN_LEVELS ? "<details open>" : "<details>").append("<summary>");
        }
        out.append("<code>").append(esc(node.id())).append("</code> <span class=\"enc\">")
                .append(esc(tail(node.path()))).append("</span> rows=").append(node.rowCount())
                .append(" <code>").append(esc(node.dtype().display())).append("</code>");
        for (Map.Entry<String, String> p : node.properties().entrySet()) {
            out.append(' ').append(esc(p.getKey())).append('=').append(esc(p.getValue()));
        }
        for (SegmentInfo s : node.segments()) {
            out.append(" segment ").append(s.id()).append(": ").append(esc(bytes(s.length()))).append(" at byte ")
                    .append(s.offset());
        }
        if (leaf) {
            out.append("</li>\n");
            return;
        }
        out.append("</summary>\n<ul class=\"tree\">");
        for (SegmentInfo s : node.segments()) {
            FileReport.EncodingNode tree = report.segmentEncodings().get(s.id());
            if (tree != null) {
                encoding(tree);
            }
        }
        List<LayoutInfo> children = node.children();
        for (int i = 0; i < children.size() && i < MAX_CHILDREN; i++) {
            node(children.get(i), depth + 1);
        }
        if (children.size() > MAX_CHILDREN) {
            out.append("<li class=\"note\">… ").append(children.size() - MAX_CHILDREN).append(" more</li>\n");
        }
        out.append("</ul></details></li>\n");
    }

    private void encoding(FileReport.EncodingNode node) {
        out.append("<li>");
        swatch(colors.getOrDefault(node.encoding(), "#999"));
        out.append("<code>").append(esc(node.encoding())).append("</code> <span class=\"enc\">")
                .append(esc(bytes(node.bytes()))).append("</span>");
        if (!node.children().isEmpty()) {
            out.append("<ul class=\"tree\">");
            for (FileReport.EncodingNode child : node.children()) {
                encoding(child);
            }
            out.append("</ul>");
        }
        out.append("</li>\n");
    }

    /** The last step of a layout path, e.g. {@code chunk[3]} of {@code root.price/chunk[3]}. */
    private static String tail(String path) {
        int slash = path.lastIndexOf('/');
        return slash >= 0 ? path.substring(slash + 1) : path;
    }

    private static String bytes(long n) {
        return n < 1024 ? n + " B" : Progress.bytes(n) + " (" + n + " B)";
    }

    /**
     * Escapes text for HTML element content and quoted attribute values; characters HTML cannot carry
     * (controls, lone surrogates) become U+FFFD.
     *
     * @param text any text (null: empty)
     * @return it escaped
     */
    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                case '\n', '\t' -> b.append(c);
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        b.append(c).append(text.charAt(++i));
                    } else if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
                        b.append('\uFFFD');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
