package io.jvortex.cli;

import io.jvortex.api.internal.ApiAccess;
import io.jvortex.api.VortexReader;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code jvx tree FILE}: the layout tree, two spaces of indentation per level. Each line is
 * {@code [label: ]layout-id rows=N …}; labels name a layout's role in its parent (a struct field
 * name, {@code validity}, {@code chunk[i]}, {@code data}/{@code zones}, {@code values}/{@code codes}).
 * A flat layout shows its segment ({@code segment=ID offset=BYTE bytes=N}) and, below it, the encoding
 * tree stored in the segment: {@code encoding-id metadata=NB[ 0x…] buffers=[sizes]}. A zoned layout
 * shows its zone length and the zone table's columns.
 */
@Command(name = "tree", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Print the layout tree with segments and the encoding tree of every flat segment.")
final class TreeCommand implements Runnable, FileArgument.Reading {
    /** Metadata up to this many bytes is shown in hex. */
    private static final int MAX_HEX_METADATA = 32;

    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Override
    public FileArgument input() {
        return input;
    }

    @Override
    public void run() {
        try (VortexReader reader = input.open();
             FileArgument.Report _ = input.reporting(reader, spec.commandLine().getErr())) {
            new Printer(spec.commandLine().getOut(), ApiAccess.file(reader)).layout(ApiAccess.file(reader).rootLayout(), null, 0, true);
        }
    }

    private record Printer(PrintWriter out, VortexFile file) {

        void layout(Layout layout, String label, int depth, boolean showDType) {
            indent(depth);
            if (label != null) {
                out.append(label).append(": ");
            }
            out.append(layout.encodingId()).append(" rows=").append(Long.toString(layout.rowCount()));
            if (showDType) {
                out.append(" dtype=").append(layout.dtype().display());
            }
            switch (layout) {
                case Layout.Flat f -> {
                    SegmentSpec s = file.segmentSpec(f.segmentId());
                    out.append(" segment=").append(Integer.toString(f.segmentId()))
                            .append(" offset=").append(Long.toString(s.byteOffset()))
                            .append(" bytes=").append(Long.toString(s.lengthBytes())).println();
                    SerializedArray array = SerializedArray.parse(file.segment(f.segmentId()), s.byteOffset(),
                            file.arrayIds(), file.source(), f.path());
                    node(array.root(), depth + 1);
                }
                case Layout.Chunked c -> {
                    out.append(" chunks=").append(Integer.toString(c.children().size())).println();
                    List<Layout> chunks = c.children();
                    for (int i = 0; i < chunks.size(); i++) {
                        layout(chunks.get(i), "chunk[" + i + "]", depth + 1, false);
                    }
                }
                case Layout.Struct s -> {
                    out.println();
                    if (s.validity() != null) {
                        layout(s.validity(), "validity", depth + 1, false);
                    }
                    for (int i = 0; i < s.fields().size(); i++) {
                        layout(s.fields().get(i), s.dtype().names().get(i), depth + 1, true);
                    }
                }
                case Layout.Zoned z -> {
                    out.append(" zone_length=").append(Long.toString(z.zoneLength()));
                    if (z.schema() != null) {
                        out.append(" zone_columns=[").append(z.schema().columns().stream()
                                .map(ZoneSchema.Column::name).collect(Collectors.joining(", "))).append(']');
                    } else {
                        out.append(" zone_columns=unknown");
                    }
                    out.println();
                    layout(z.data(), "data", depth + 1, false);
                    if (z.zones() != null) {
                        layout(z.zones(), "zones", depth + 1, false);
                    }
                }
                case Layout.Dict d -> {
                    out.append(" codes_type=").append(d.codesType().displayName());
                    if (d.allValuesReferenced()) {
                        out.append(" all_values_referenced");
                    }
                    out.println();
                    layout(d.values(), "values", depth + 1, false);
                    layout(d.codes(), "codes", depth + 1, false);
                }
                case Layout.List l -> {
                    out.append(" offsets_type=").append(l.offsetsType().displayName()).println();
                    layout(l.elements(), "elements", depth + 1, true);
                    layout(l.offsets(), "offsets", depth + 1, false);
                    if (l.validity() != null) {
                        layout(l.validity(), "validity", depth + 1, false);
                    }
                }
                case Layout.Unknown u -> out.append(" unknown_layout children=").append(Integer.toString(u.childCount()))
                        .append(" segments=").append(Integer.toString(u.segmentCount()))
                        .append(" at_byte=").append(Long.toString(u.byteOffset())).println();
            }
        }

        void node(ArrayNode node, int depth) {
            indent(depth);
            MemorySegment metadata = node.metadata();
            out.append(node.encodingId()).append(" metadata=").append(Long.toString(metadata.byteSize())).append('B');
            if (metadata.byteSize() > 0 && metadata.byteSize() <= MAX_HEX_METADATA) {
                out.append(" 0x").append(HexFormat.of().formatHex(metadata.toArray(ValueLayout.JAVA_BYTE)));
            }
            out.append(" buffers=[");
            for (int i = 0; i < node.bufferCount(); i++) {
                out.append(i == 0 ? "" : ", ").append(Long.toString(node.buffer(i).byteSize()));
            }
            out.append(']').println();
            for (int i = 0; i < node.childCount(); i++) {
                node(node.child(i), depth + 1);
            }
        }

        void indent(int depth) {
            for (int i = 0; i < depth; i++) {
                out.append("  ");
            }
        }
    }
}
