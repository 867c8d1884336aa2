package io.jvortex.arrow;

import io.jvortex.array.Allocator;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Take;
import io.jvortex.array.UnionArray;
import io.jvortex.array.Validities;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out jvortex canonical arrays as the nodes and buffers of an Arrow IPC record batch, for the Arrow
 * types {@link ArrowSchemas#field} gives. Buffers that already have Arrow's layout (primitive values, string
 * views and their data, fixed-size list elements) are passed on without copying.
 */
final class IpcEncoder {
    static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;
    static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;
    static final Allocator ALLOC = bytes -> Arena.ofAuto().allocate(Math.max(bytes, 1), 8).asSlice(0, bytes);

    /** Field nodes: length and null count, in pre-order. */
    final List<long[]> nodes = new ArrayList<>();
    /** The buffers, in order. */
    final List<MemorySegment> buffers = new ArrayList<>();
    /** The number of data buffers of each view-typed array, in pre-order. */
    final List<Long> variadicCounts = new ArrayList<>();

    /**
     * Appends one column.
     *
     * @param field the Arrow field (from {@link ArrowSchemas#field})
     * @param array its values
     */
    void column(ArrowField field, Canonical array) {
        encode(field, array, field.name());
    }

    private void encode(ArrowField f, Canonical a, String path) {
        int n = a.length();
        if (a instanceof ExtensionArray e) {
            encodeExtension(f, e, path);
            return;
        }
        switch (f.type()) {
            case ArrowType.Null x -> nodes.add(new long[] {n, n});
            case ArrowType.Bool x -> {
                BoolArray b = cast(a, BoolArray.class, f, path);
                validity(b.validity(), n);
                buffers.add(bits(new Validity.Bitmap(b.bits(), b.bitOffset()), n));
            }
            case ArrowType.Int _, ArrowType.FloatingPoint _, ArrowType.Date _, ArrowType.Time _,
                 ArrowType.Timestamp _, ArrowType.Duration _ -> primitive(cast(a, PrimitiveArray.class, f, path), n);
            case ArrowType.Decimal d -> {
                DecimalArray da = cast(a, DecimalArray.class, f, path);
                validity(da.validity(), n);
                buffers.add(decimals(da, d.bitWidth() / 8));
            }
            case ArrowType.Utf8View x -> views(a, f, path);
            case ArrowType.BinaryView x -> views(a, f, path);
            case ArrowType.List x -> {
                if (a instanceof MapArray || !(a instanceof ListArray || a instanceof ListViewArray)) {
                    throw mismatch(f, a, path);
                }
                list(a, f, path);
            }
            case ArrowType.Map x -> {
                MapArray m = cast(a, MapArray.class, f, path);
                list(m.entries(), f, path);
            }
            case ArrowType.FixedSizeList fl -> {
                FixedSizeListArray l = cast(a, FixedSizeListArray.class, f, path);
                validity(l.validity(), n);
                encode(f.children().getFirst(), l.elements().slice(0, n * fl.listSize()), path + ".item");
            }
            case ArrowType.Struct x -> {
                StructArray s = cast(a, StructArray.class, f, path);
                validity(s.validity(), n);
                for (int i = 0; i < f.children().size(); i++) {
                    ArrowField c = f.children().get(i);
                    encode(c, s.fields().get(i), path + "." + c.name());
                }
            }
            case ArrowType.Union u -> {
                UnionArray ua = cast(a, UnionArray.class, f, path);
                nodes.add(new long[] {n, 0});
                MemorySegment ids = ALLOC.allocate(n);
                for (int i = 0; i < n; i++) {
                    ids.set(ValueLayout.JAVA_BYTE, i, (byte) (ua.validity().isValid(i) ? ua.typeId(i) : 0));
                }
                buffers.add(ids);
                for (int i = 0; i < f.children().size(); i++) {
                    ArrowField c = f.children().get(i);
                    encode(c, ua.children().get(i), path + "." + c.name());
                }
            }
            default -> throw new VortexException("column '" + path + "': writing Arrow " + f.type() + " is not supported");
        }
    }

    private void encodeExtension(ArrowField f, ExtensionArray e, String path) {
        int n = e.length();
        if (f.type() instanceof ArrowType.FixedSizeBinary fb) {
            FixedSizeListArray l = cast(e.storage(), FixedSizeListArray.class, f, path);
            PrimitiveArray bytes = cast(l.elements(), PrimitiveArray.class, f, path);
            validity(l.validity(), n);
            buffers.add(bytes.values().asSlice(0, (long) n * fb.byteWidth()));
        } else {
            encode(f, e.storage(), path);
        }
    }

    private static <T> T cast(Canonical a, Class<T> type, ArrowField f, String path) {
        if (!type.isInstance(a)) {
            throw mismatch(f, a, path);
        }
        return type.cast(a);
    }

    private static VortexException mismatch(ArrowField f, Canonical a, String path) {
        return new VortexException("column '" + path + "': cannot write a " + a.getClass().getSimpleName() + " of "
                + a.dtype().display() + " as Arrow " + f.type());
    }

    private void validity(Validity v, int n) {
        int nulls = v.nullCount(n);
        nodes.add(new long[] {n, nulls});
        buffers.add(nulls == 0 ? MemorySegment.NULL : bits(v, n));
    }

    /** @return {@code n} bits LSB-first, starting at bit 0 */
    static MemorySegment bits(Validity v, int n) {
        MemorySegment out = ALLOC.allocate((n + 7L) / 8);
        Validities.copyTo(v, n, out, 0);
        return out;
    }

    private void primitive(PrimitiveArray p, int n) {
        validity(p.validity(), n);
        buffers.add(p.values().asSlice(0, (long) n * p.ptype().byteWidth()));
    }

    /** Sign-extends (or passes on) the unscaled values to the Arrow width. */
    private static MemorySegment decimals(DecimalArray d, int width) {
        int n = d.length();
        if (d.valueByteWidth() == width) {
            return d.values().asSlice(0, (long) n * width);
        }
        MemorySegment out = ALLOC.allocate((long) n * width);
        for (int i = 0; i < n; i++) {
            byte[] le = littleEndian(d.getUnscaled(i), width);
            MemorySegment.copy(le, 0, out, ValueLayout.JAVA_BYTE, (long) i * width, width);
        }
        return out;
    }

    static byte[] littleEndian(java.math.BigInteger v, int width) {
        byte[] be = v.toByteArray();
        if (be.length > width) {
            throw new VortexException("decimal value " + v + " does not fit " + width + " bytes");
        }
        byte[] le = new byte[width];
        byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
        for (int i = 0; i < width; i++) {
            le[i] = i < be.length ? be[be.length - 1 - i] : fill;
        }
        return le;
    }

    private void views(Canonical a, ArrowField f, String path) {
        VarBinViewArray v = switch (a) {
            case VarBinViewArray x -> x;
            case VarBinArray x -> Canonicals.toViews(x, ALLOC);
            default -> throw mismatch(f, a, path);
        };
        validity(v.validity(), v.length());
        buffers.add(v.views().asSlice(0, 16L * v.length()));
        buffers.addAll(v.dataBuffers());
        variadicCounts.add((long) v.dataBuffers().size());
    }

    /** A list, list view or map's entries, as an Arrow list (32-bit offsets) with its child. */
    private void list(Canonical a, ArrowField f, String path) {
        int n = a.length();
        ArrowField child = f.children().getFirst();
        Canonical elements;
        MemorySegment offsets = ALLOC.allocate(4L * (n + 1));
        if (a instanceof ListArray l) {
            long first = n == 0 ? 0 : l.start(0);
            long end = first;
            for (int i = 0; i < n; i++) {
                long o = l.start(i) - first;
                checkOffset(o, path);
                offsets.setAtIndex(I32, i, (int) o);
                end = l.start(i) + l.size(i);
            }
            checkOffset(end - first, path);
            offsets.setAtIndex(I32, n, (int) (end - first));
            elements = l.elements().slice((int) first, (int) (end - first));
            validity(l.validity(), n);
        } else {
            ListViewArray l = (ListViewArray) a;
            long total = 0;
            for (int i = 0; i < n; i++) {
                offsets.setAtIndex(I32, i, (int) total);
                total += l.validity().isValid(i) ? l.size(i) : 0;
                checkOffset(total, path);
            }
            offsets.setAtIndex(I32, n, (int) total);
            MemorySegment idx = ALLOC.allocate(8L * total);
            long k = 0;
            for (int i = 0; i < n; i++) {
                if (l.validity().isValid(i)) {
                    for (long j = 0; j < l.size(i); j++) {
                        idx.setAtIndex(I64, k++, l.start(i) + j);
                    }
                }
            }
            elements = Take.take(l.elements(), new PrimitiveArray(new DType.Primitive(PType.I64, false), idx,
                    (int) total, Validity.ALL_VALID), ALLOC);
            validity(l.validity(), n);
        }
        buffers.add(offsets);
        if (f.type() instanceof ArrowType.Map) {
            // the entries struct: never null, its two fields
            StructArray entries = (StructArray) elements;
            nodes.add(new long[] {entries.length(), 0});
            buffers.add(MemorySegment.NULL);
            encode(child.children().get(0), entries.fields().get(0), path + ".key");
            encode(child.children().get(1), entries.fields().get(1), path + ".value");
        } else {
            encode(child, elements, path + ".item");
        }
    }

    private static void checkOffset(long o, String path) {
        if (o > Integer.MAX_VALUE) {
            throw new VortexException("column '" + path + "': more than 2^31 list elements in one batch");
        }
    }
}
