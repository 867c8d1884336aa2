package io.jvortex.internal.encodings.varbin;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random string and binary rows (several text shapes, random bytes with 0x00 and 0xFF, empty
 * and long repetitive values, null patterns), the arrays holding them (offsets with junk under null
 * rows, or views), and a serialize-and-decode round trip through our decoders.
 */
public final class RandomStrings {
    private RandomStrings() {
    }

    /** Shapes of row values. */
    public enum Kind {
        /** Words. */ WORDS, URLS, UUIDS, RANDOM_BYTES, EMPTY, LONG_REPETITIVE }

    /** How many rows are null. */
    public enum Nulls {
        /** None. */ NONE, SOME, ALL }

    private static final String[] WORDS = {"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
        "vortex", "columnar", "string", "compression", "symbol", "table", "ünïcödé", "数据"};

    public static byte[] value(SplittableRandom r, Kind kind) {
        return switch (kind) {
            case WORDS -> {
                StringBuilder b = new StringBuilder();
                int n = 1 + r.nextInt(6);
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
                }
                yield b.toString().getBytes(StandardCharsets.UTF_8);
            }
            case URLS -> ("https://www." + WORDS[r.nextInt(8)] + ".example.com/" + WORDS[r.nextInt(WORDS.length)] + "/"
                    + r.nextInt(100000) + "?id=" + r.nextInt(1000)).getBytes(StandardCharsets.UTF_8);
            case UUIDS -> new java.util.UUID(r.nextLong(), r.nextLong()).toString().getBytes(StandardCharsets.UTF_8);
            case RANDOM_BYTES -> {
                byte[] b = new byte[r.nextInt(24)];
                for (int i = 0; i < b.length; i++) {
                    int pick = r.nextInt(4);
                    b[i] = pick == 0 ? (byte) 0xFF : pick == 1 ? 0 : (byte) r.nextInt(256);
                }
                yield b;
            }
            case EMPTY -> new byte[0];
            case LONG_REPETITIVE -> {
                String unit = WORDS[r.nextInt(WORDS.length)] + "-" + r.nextInt(10);
                yield unit.repeat(2 + r.nextInt(40)).getBytes(StandardCharsets.UTF_8);
            }
        };
    }

    public static List<byte[]> rows(SplittableRandom r, Kind kind, Nulls nulls, int n) {
        List<byte[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            boolean isNull = nulls == Nulls.ALL || nulls == Nulls.SOME && r.nextInt(4) == 0;
            out.add(isNull ? null : value(r, kind));
        }
        return out;
    }

    public static Validity validity(List<byte[]> values) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(values.size() + 7) / 8 + 1]);
        for (int i = 0; i < values.size(); i++) {
            Validity.Bits.set(bits, i, values.get(i) != null);
        }
        return new Validity.Bitmap(bits, 0);
    }

    /** A varbin array whose offsets start past a 3-byte prefix and whose null rows hold junk bytes. */
    public static VarBinArray varBin(DType dtype, List<byte[]> values) {
        int total = 3 + values.stream().mapToInt(v -> v == null ? 2 : v.length).sum();
        byte[] bytes = new byte[total];
        MemorySegment offsets = MemorySegment.ofArray(new byte[4 * (values.size() + 1)]);
        int pos = 3;
        for (int i = 0; i < values.size(); i++) {
            offsets.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, pos);
            byte[] v = values.get(i) == null ? new byte[] {'x', 'y'} : values.get(i);
            System.arraycopy(v, 0, bytes, pos, v.length);
            pos += v.length;
        }
        offsets.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * values.size(), pos);
        var offsetArray = new io.jvortex.array.PrimitiveArray(new DType.Primitive(PType.I32, false), offsets,
                values.size() + 1, Validity.ALL_VALID);
        return new VarBinArray(dtype, offsetArray, MemorySegment.ofArray(bytes), values.size(),
                dtype.nullable() ? validity(values) : Validity.ALL_VALID);
    }

    public static VarBinViewArray views(DType dtype, List<byte[]> values) {
        MemorySegment views = MemorySegment.ofArray(new byte[16 * values.size()]);
        int total = values.stream().mapToInt(v -> v == null ? 0 : v.length).sum();
        byte[] data = new byte[total];
        int pos = 0;
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i) == null ? new byte[0] : values.get(i);
            long at = 16L * i;
            views.set(ValueLayout.JAVA_INT_UNALIGNED, at, v.length);
            if (v.length <= VarBinViewArray.MAX_INLINE) {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, v.length);
            } else {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, 4);
                views.set(ValueLayout.JAVA_INT_UNALIGNED, at + 12, pos);
                System.arraycopy(v, 0, data, pos, v.length);
                pos += v.length;
            }
        }
        return new VarBinViewArray(dtype, views, List.of(MemorySegment.ofArray(data)), values.size(),
                dtype.nullable() ? validity(values) : Validity.ALL_VALID);
    }

    public static List<byte[]> decodedRows(Canonical array) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < array.length(); i++) {
            if (!array.isValid(i)) {
                out.add(null);
            } else {
                out.add(switch (array) {
                    case VarBinArray v -> v.value(i);
                    case VarBinViewArray v -> v.value(i);
                    default -> throw new AssertionError(array.getClass());
                });
            }
        }
        return out;
    }

    public static Canonical roundTrip(WriteNode node, DType dtype, int length, Arena arena) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "test", "root");
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 31).decode(parsed.root(), dtype,
                length);
    }

}
