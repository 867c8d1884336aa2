package io.jvortex.internal.encodings.alp;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.spi.ArrayNode;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Test-only: one golden case written by a {@code make_golden.py} script (format in
 * {@code golden/alp/_golden_common.py}): a Rust-serialized array, the input values, and the Rust
 * reference's decoding of each child of the root.
 *
 * @param name case name
 * @param dtype the root dtype
 * @param rows row count
 * @param rootId the root encoding id
 * @param childTypes the child dtypes the {@code child<k>} sections were decoded with
 * @param childRows the row counts of the children
 * @param sections the named byte sections
 */
public record GoldenCase(String name, DType dtype, int rows, String rootId, List<DType.Primitive> childTypes,
                         List<Integer> childRows, Map<String, byte[]> sections) {

    /**
     * Loads every case of a golden directory.
     *
     * @param dir the directory under {@code golden/}, e.g. {@code alp}
     * @return the cases, in manifest order
     */
    public static List<GoldenCase> load(String dir) {
        List<GoldenCase> out = new ArrayList<>();
        try (InputStream in = resource(dir + "/cases.tsv");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                List<DType.Primitive> types = new ArrayList<>();
                List<Integer> rows = new ArrayList<>();
                if (!f[4].isEmpty()) {
                    for (String spec : f[4].split(",")) {
                        String[] pr = spec.split(":");
                        boolean nullable = pr[0].endsWith("?");
                        String p = nullable ? pr[0].substring(0, pr[0].length() - 1) : pr[0];
                        types.add(new DType.Primitive(PType.valueOf(p.toUpperCase(java.util.Locale.ROOT)), nullable));
                        rows.add(Integer.parseInt(pr[1]));
                    }
                }
                out.add(new GoldenCase(f[0], parseDType(f[1]), Integer.parseInt(f[2]), f[3], types, rows,
                        sections(dir + "/" + f[0] + ".golden.gz")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * Parses the manifest's dtype notation: {@code f64}, {@code i32?}, {@code decimal(10,2)?},
     * {@code timestamp(us,UTC)?} (time zone may be empty).
     *
     * @param s the notation
     * @return the dtype
     */
    public static DType parseDType(String s) {
        boolean nullable = s.endsWith("?");
        String t = nullable ? s.substring(0, s.length() - 1) : s;
        if (t.startsWith("decimal(")) {
            String[] ps = t.substring(8, t.length() - 1).split(",");
            return new DType.Decimal(Integer.parseInt(ps[0]), Integer.parseInt(ps[1]), nullable);
        }
        if (t.startsWith("timestamp(")) {
            String[] ps = t.substring(10, t.length() - 1).split(",", -1);
            TimeUnit unit = switch (ps[0]) {
                case "s" -> TimeUnit.SECONDS;
                case "ms" -> TimeUnit.MILLISECONDS;
                case "us" -> TimeUnit.MICROSECONDS;
                case "ns" -> TimeUnit.NANOSECONDS;
                default -> throw new IllegalArgumentException(ps[0]);
            };
            return Extensions.timestamp(unit, ps[1].isEmpty() ? null : ps[1], nullable);
        }
        return new DType.Primitive(PType.valueOf(t.toUpperCase(java.util.Locale.ROOT)), nullable);
    }

    private static InputStream resource(String path) {
        InputStream in = GoldenCase.class.getResourceAsStream("/golden/" + path);
        if (in == null) {
            throw new IllegalStateException("missing test resource golden/" + path);
        }
        return in;
    }

    private static Map<String, byte[]> sections(String path) throws IOException {
        byte[] all;
        try (InputStream in = new GZIPInputStream(resource(path))) {
            all = in.readAllBytes();
        }
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        Map<String, byte[]> out = new HashMap<>();
        while (b.hasRemaining()) {
            byte[] name = new byte[Short.toUnsignedInt(b.getShort())];
            b.get(name);
            byte[] data = new byte[b.getInt()];
            b.get(data);
            out.put(new String(name, StandardCharsets.UTF_8), data);
        }
        return out;
    }

    /** @return the encoding ids of the serialized array */
    public List<String> ids() {
        return List.of(new String(sections.get("ids"), StandardCharsets.UTF_8).split("\n"));
    }

    /** @return the Rust-serialized array */
    public SerializedArray serialized() {
        return SerializedArray.parse(MemorySegment.ofArray(sections.get("segment")), 0, ids(), name, "root");
    }

    /** @return whether every encoding of the serialized tree is registered by default */
    public boolean fullTreeDecodable() {
        EncodingRegistry reg = EncodingRegistry.defaults();
        return ids().stream().allMatch(id -> reg.find(id) != null);
    }

    /** @return the ids of the tree missing from the default registry */
    public List<String> missingEncodings() {
        EncodingRegistry reg = EncodingRegistry.defaults();
        return ids().stream().filter(id -> reg.find(id) == null).toList();
    }

    /** @return the expected values, little-endian (null rows zero) */
    public byte[] expected() {
        return sections.get("expected");
    }

    /** @return one flag per row, or {@code null} when the input had no validity */
    public boolean[] validity() {
        return flags(sections.get("validity"));
    }

    /**
     * Re-assembles the root over {@code vortex.primitive} children holding the Rust reference's decoding
     * of each original child, keeping the Rust-written root metadata.
     *
     * @return the root node
     */
    public SegmentBuilder.Node rootOverPrimitiveChildren() {
        ArrayNode root = serialized().root();
        byte[] metadata = root.metadata().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        List<SegmentBuilder.Node> kids = new ArrayList<>();
        for (int k = 0; k < childTypes.size(); k++) {
            DType.Primitive t = childTypes.get(k);
            boolean[] valid = t.nullable() ? flags(sections.get("child" + k + ".validity")) : null;
            kids.add(SegmentBuilder.primitive(t.ptype(), sections.get("child" + k), valid));
        }
        return new SegmentBuilder.Node(rootId, metadata, List.of(), kids);
    }

    private static boolean[] flags(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        boolean[] out = new boolean[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[i] != 0;
        }
        return out;
    }

    /**
     * Asserts that an integer or float array (or an extension array over one) equals the expected values,
     * compared as raw bits, and the validity of this case, from row {@code firstRow} on.
     *
     * @param out the decoded rows
     * @param firstRow the case row of {@code out}'s row 0
     */
    public void assertBits(Canonical out, int firstRow) {
        Canonical values = out instanceof ExtensionArray e ? e.storage() : out;
        assertThat(values).isInstanceOf(PrimitiveArray.class);
        PrimitiveArray p = (PrimitiveArray) values;
        assertThat(firstRow + p.length()).isLessThanOrEqualTo(rows);
        PrimitiveArray want = new PrimitiveArray(new DType.Primitive(p.ptype(), false), MemorySegment.ofArray(expected()),
                rows, Validity.ALL_VALID);
        boolean[] valid = validity();
        for (int i = 0; i < p.length(); i++) {
            int row = firstRow + i;
            boolean isValid = valid == null || valid[row];
            assertThat(p.isValid(i)).as("%s row %d validity", name, row).isEqualTo(isValid);
            if (isValid) {
                assertThat(p.getLong(i)).as("%s row %d (want %s, got %s)", name, row, want.getDouble(row), p.getDouble(i))
                        .isEqualTo(want.getLong(row));
            }
        }
    }

    /**
     * Asserts that a decimal array equals the expected unscaled values (16-byte little-endian) and the
     * validity of this case, from row {@code firstRow} on.
     *
     * @param out the decoded rows
     * @param firstRow the case row of {@code out}'s row 0
     */
    public void assertDecimals(Canonical out, int firstRow) {
        assertThat(out).isInstanceOf(DecimalArray.class);
        DecimalArray d = (DecimalArray) out;
        byte[] expected = expected();
        boolean[] valid = validity();
        for (int i = 0; i < d.length(); i++) {
            int row = firstRow + i;
            boolean isValid = valid == null || valid[row];
            assertThat(d.isValid(i)).as("%s row %d validity", name, row).isEqualTo(isValid);
            if (isValid) {
                byte[] be = new byte[16];
                for (int k = 0; k < 16; k++) {
                    be[15 - k] = expected[16 * row + k];
                }
                assertThat(d.getUnscaled(i)).as("%s row %d", name, row).isEqualTo(new BigInteger(be));
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
