package io.jvortex.spi;

import io.jvortex.array.BitBuffers;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.format.DecimalMetadata;
import io.jvortex.internal.format.ListMetadata;
import io.jvortex.internal.format.ListViewMetadata;
import io.jvortex.internal.format.VarBinMetadata;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps a canonical array to the node tree of its canonical encoding, without compression:
 * {@link NullArray} → {@code vortex.null}, {@link BoolArray} → {@code vortex.bool},
 * {@link PrimitiveArray} → {@code vortex.primitive}, {@link DecimalArray} → {@code vortex.decimal},
 * {@link VarBinArray} → {@code vortex.varbin}, {@link VarBinViewArray} → {@code vortex.varbinview},
 * {@link StructArray} → {@code vortex.struct}, {@link ListArray} → {@code vortex.list},
 * {@link ListViewArray} → {@code vortex.listview}, {@link FixedSizeListArray} →
 * {@code vortex.fixed_size_list}, {@link ExtensionArray} → {@code vortex.ext}.
 *
 * <p>Validity of a nullable array becomes its validity child (a non-nullable {@code vortex.bool},
 * or a {@code vortex.constant(false)} when every row is null; no child when every row is valid).
 * Buffers are written zero-copy where the physical form matches the wire form; bit-offset bitmaps
 * are re-based to bit 0, and varbin offsets are re-based to start at 0 over the referenced bytes only
 * (i32, or i64 beyond 2 GiB). The node carries no statistics.
 */
public final class CanonicalEncoder {
    private static final DType.Bool VALIDITY = new DType.Bool(false);

    private CanonicalEncoder() {
    }

    /**
     * @param array a canonical array
     * @return its node tree
     * @throws IllegalArgumentException for opaque arrays (unknown encodings cannot be re-written)
     */
    public static WriteNode encode(Canonical array) {
        return encode(array, CanonicalEncoder::encode);
    }

    /**
     * Encodes the top node of an array canonically and its data children (struct fields, list
     * elements and offsets, extension storage, map entries) with {@code children}: the compressor
     * passes itself here. Validity stays a canonical bool child.
     *
     * @param array a canonical array
     * @param children encodes each data child
     * @return the node tree
     */
    public static WriteNode encode(Canonical array, java.util.function.Function<Canonical, WriteNode> children) {
        int len = array.length();
        return switch (array) {
            case NullArray n -> WriteNode.of(Encodings.NULL, null, List.of(), List.of());
            case BoolArray b -> WriteNode.of(Encodings.BOOL, null,
                    List.of(new WriteNode.Buffer(bits(b.bits(), b.bitOffset(), len), 1)),
                    validityChildren(b.dtype(), b.validity(), len));
            case PrimitiveArray p -> primitive(p);
            case DecimalArray d -> {
                byte[] metadata = DecimalMetadata.ofByteWidth(d.valueByteWidth()).serialize();
                yield WriteNode.of(Encodings.DECIMAL, metadata,
                        List.of(new WriteNode.Buffer(d.values(), d.valueByteWidth())),
                        validityChildren(d.dtype(), d.validity(), len));
            }
            case VarBinArray v -> varBin(v);
            case VarBinViewArray v -> {
                List<WriteNode.Buffer> buffers = new ArrayList<>();
                for (MemorySegment data : v.dataBuffers()) {
                    buffers.add(new WriteNode.Buffer(data, 1));
                }
                buffers.add(new WriteNode.Buffer(v.views(), 16));
                yield WriteNode.of(Encodings.VARBINVIEW, null, buffers, validityChildren(v.dtype(), v.validity(), len));
            }
            case StructArray s -> {
                List<WriteNode> nodes = new ArrayList<>(validityChildren(s.dtype(), s.validity(), len));
                for (Canonical f : s.fields()) {
                    nodes.add(children.apply(f));
                }
                yield WriteNode.of(Encodings.STRUCT, null, List.of(), nodes);
            }
            case ListArray l -> {
                byte[] metadata = new ListMetadata(l.elements().length(), l.offsets().ptype()).serialize();
                List<WriteNode> nodes = new ArrayList<>();
                nodes.add(children.apply(l.elements()));
                nodes.add(children.apply(nonNullable(l.offsets())));
                nodes.addAll(validityChildren(l.dtype(), l.validity(), len));
                yield WriteNode.of(Encodings.LIST, metadata, List.of(), nodes);
            }
            case ListViewArray l -> {
                byte[] metadata = new ListViewMetadata(l.elements().length(), l.offsets().ptype(),
                        l.sizes().ptype()).serialize();
                List<WriteNode> nodes = new ArrayList<>();
                nodes.add(children.apply(l.elements()));
                nodes.add(children.apply(nonNullable(l.offsets())));
                nodes.add(children.apply(nonNullable(l.sizes())));
                nodes.addAll(validityChildren(l.dtype(), l.validity(), len));
                yield WriteNode.of(Encodings.LIST_VIEW, metadata, List.of(), nodes);
            }
            case FixedSizeListArray f -> {
                List<WriteNode> nodes = new ArrayList<>();
                nodes.add(children.apply(f.elements()));
                nodes.addAll(validityChildren(f.dtype(), f.validity(), len));
                yield WriteNode.of(Encodings.FIXED_SIZE_LIST, null, List.of(), nodes);
            }
            case ExtensionArray e -> WriteNode.of(Encodings.EXT, null, List.of(), List.of(children.apply(e.storage())));
            // vortex.map: one child, the entries as a list view (core2026.08.2+).
            case io.jvortex.array.MapArray m -> WriteNode.of("vortex.map", null, List.of(), List.of(children.apply(m.entries())));
            case io.jvortex.array.VariantArray v -> throw new IllegalArgumentException(
                    "writing variant arrays is not supported yet");
            case io.jvortex.array.UnionArray u -> throw new IllegalArgumentException(
                    "writing union arrays is not supported yet");
            case OpaqueArray o -> throw new IllegalArgumentException(
                    "cannot write an array of unknown encoding " + o.encodingId());
        };
    }

    /**
     * @param value the value every row holds (its dtype is the array's)
     * @return a {@code vortex.constant} node: the {@code ScalarValue} bytes as its one buffer
     */
    public static WriteNode constant(Scalar value) {
        MemorySegment scalar = MemorySegment.ofArray(ScalarValueWriter.encode(value));
        return WriteNode.of(Encodings.CONSTANT, null, List.of(new WriteNode.Buffer(scalar, 1)), List.of());
    }

    private static WriteNode primitive(PrimitiveArray p) {
        return WriteNode.of(Encodings.PRIMITIVE, null,
                List.of(new WriteNode.Buffer(p.values(), p.ptype().byteWidth())),
                validityChildren(p.dtype(), p.validity(), p.length()));
    }

    /**
     * @param p a primitive array
     * @return the same values typed non-nullable (list offsets and sizes are stored that way)
     */
    public static PrimitiveArray nonNullable(PrimitiveArray p) {
        return p.dtype().nullable()
                ? new PrimitiveArray(new DType.Primitive(p.ptype(), false), p.values(), p.length(), Validity.ALL_VALID)
                : p;
    }

    private static WriteNode varBin(VarBinArray v) {
        int len = v.length();
        long start = len == 0 ? 0 : v.offset(0);
        long end = len == 0 ? 0 : v.offset(len);
        long total = end - start;
        boolean wide = total > Integer.MAX_VALUE;
        PType ptype = wide ? PType.I64 : PType.I32;
        MemorySegment offsets = MemorySegment.ofArray(new byte[(len + 1) * ptype.byteWidth()]);
        for (int i = 0; i <= len; i++) {
            long o = len == 0 ? 0 : v.offset(i) - start;
            if (wide) {
                offsets.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, o);
            } else {
                offsets.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) o);
            }
        }
        PrimitiveArray offsetArray = new PrimitiveArray(new DType.Primitive(ptype, false), offsets, len + 1,
                Validity.ALL_VALID);
        byte[] metadata = new VarBinMetadata(ptype).serialize();
        List<WriteNode> children = new ArrayList<>();
        children.add(primitive(offsetArray));
        children.addAll(validityChildren(v.dtype(), v.validity(), len));
        return WriteNode.of(Encodings.VARBIN, metadata,
                List.of(new WriteNode.Buffer(v.bytes().asSlice(start, total), 1)), children);
    }

    /**
     * The validity slot of an array: empty when all valid or non-nullable, else a constant false or
     * a canonical bool child.
     *
     * @param dtype the array's dtype
     * @param validity its validity
     * @param length its length
     * @return zero or one node
     */
    public static List<WriteNode> validityChildren(DType dtype, Validity validity, int length) {
        if (!dtype.nullable()) {
            return List.of();
        }
        return switch (validity) {
            case Validity.AllValid a -> List.of();
            case Validity.AllInvalid a -> List.of(constant(new Scalar(VALIDITY, false)));
            case Validity.Bitmap b -> List.of(WriteNode.of(Encodings.BOOL, null,
                    List.of(new WriteNode.Buffer(bits(b.bits(), b.bitOffset(), length), 1)), List.of()));
        };
    }

    /** The {@code length} bits starting at {@code bitOffset}, as a buffer starting at bit 0. */
    private static MemorySegment bits(MemorySegment bits, long bitOffset, int length) {
        long bytes = BitBuffers.bytesFor(length);
        if ((bitOffset & 7) == 0) {
            return bits.asSlice(bitOffset >>> 3, bytes);
        }
        MemorySegment out = MemorySegment.ofArray(new byte[(int) bytes]);
        BitBuffers.copy(bits, bitOffset, out, 0, length);
        return out;
    }
}
