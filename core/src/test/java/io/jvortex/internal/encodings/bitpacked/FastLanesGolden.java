package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Golden;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Test-only access to the FastLanes golden resources made by
 * {@code golden/make_fastlanes_golden.py}: the encoding trees of a Rust-written file's column, and
 * the hand-assembled segments with the rows the Rust reader decoded from them.
 */
public final class FastLanesGolden {
    private FastLanesGolden() {
    }

    /**
     * The encoding trees of every flat data segment of one column, e.g.
     * {@code fastlanes.for(fastlanes.bitpacked(vortex.bool))}, so a test can assert that the Rust
     * writer really chose the encoding under test.
     *
     * @param file the file under {@code /golden/}
     * @param column a top-level column
     * @return one tree per flat segment
     */
    public static List<String> trees(String file, String column) {
        byte[] bytes = Golden.resource(file);
        List<String> out = new ArrayList<>();
        try (Arena arena = Arena.ofConfined();
             VortexFile f = VortexFile.of(TestSupport.segment(arena, bytes), file)) {
            Layout.Struct root = (Layout.Struct) f.rootLayout();
            collect(f, root.fields().get(root.dtype().indexOf(column)), out);
        }
        return out;
    }

    private static void collect(VortexFile f, Layout layout, List<String> out) {
        switch (layout) {
            case Layout.Zoned z -> collect(f, z.data(), out);
            case Layout.Chunked c -> c.children().forEach(child -> collect(f, child, out));
            case Layout.Dict d -> {
                collect(f, d.values(), out);
                collect(f, d.codes(), out);
            }
            case Layout.Flat flat -> {
                SerializedArray array = SerializedArray.parse(f.segment(flat.segmentId()),
                        f.segmentSpec(flat.segmentId()).byteOffset(), f.arrayIds(), f.source(), flat.path());
                out.add(shape(array.root()));
            }
            default -> throw new IllegalArgumentException("layout " + layout.encodingId());
        }
    }

    private static String shape(ArrayNode node) {
        if (node.childCount() == 0) {
            return node.encodingId();
        }
        List<String> kids = new ArrayList<>();
        for (int i = 0; i < node.childCount(); i++) {
            kids.add(shape(node.child(i)));
        }
        return node.encodingId() + "(" + String.join(", ", kids) + ")";
    }

    /**
     * The rows the Rust reader decoded from a hand-assembled segment.
     *
     * @param dtype the array's dtype
     * @param rows its rows as {@link TestSupport#rows} reports them
     */
    public record Expected(DType.Primitive dtype, List<Object> rows) {
    }

    /**
     * @param name resource path under {@code /golden/} without extension
     * @return the {@code .expected} file
     */
    public static Expected expected(String name) {
        String[] lines = new String(Golden.resource(name + ".expected"), StandardCharsets.UTF_8).split("\n");
        String[] header = lines[0].split(" ");
        String type = header[0].substring("dtype=".length());
        boolean nullable = type.endsWith("?");
        PType ptype = PType.valueOf((nullable ? type.substring(0, type.length() - 1) : type).toUpperCase());
        int len = Integer.parseInt(header[1].substring("len=".length()));
        List<Object> rows = new ArrayList<>(len);
        for (int i = 1; i <= len; i++) {
            rows.add(lines[i].equals("null") ? null : Long.parseLong(lines[i]));
        }
        assertThat(lines).hasSize(len + 1);
        return new Expected(new DType.Primitive(ptype, nullable), rows);
    }

    /**
     * @param values values
     * @param width bytes per value
     * @return little-endian bytes, each value truncated to {@code width}
     */
    public static byte[] le(long[] values, int width) {
        ByteBuffer b = ByteBuffer.allocate(values.length * width).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            switch (width) {
                case 1 -> b.put((byte) v);
                case 2 -> b.putShort((short) v);
                case 4 -> b.putInt((int) v);
                default -> b.putLong(v);
            }
        }
        return b.array();
    }

    /**
     * @param value raw bits
     * @param ptype an integer or float type
     * @return the bits as {@link TestSupport#rows} reports a row of that type (unsigned types and
     *     floats narrower than 64 bits zero-extended, signed ones sign-extended)
     */
    public static long normalize(long value, PType ptype) {
        return switch (ptype) {
            case I8 -> (byte) value;
            case I16 -> (short) value;
            case I32 -> (int) value;
            case U8 -> value & 0xFF;
            case U16, F16 -> value & 0xFFFF;
            case U32, F32 -> value & 0xFFFF_FFFFL;
            case I64, U64, F64 -> value;
        };
    }
}
