package io.jvortex.array;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Concatenates canonical arrays of one dtype row-wise.
 *
 * <p>Result forms: fixed-width values are copied into one buffer; strings come back as one
 * {@link VarBinViewArray} whose data buffers are the inputs' (zero-copy); lists come back as a
 * {@link ListViewArray} with 64-bit offsets and sizes over the concatenated elements. A single input
 * of exactly the requested dtype is returned as is.
 */
public final class Concat {
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG_UNALIGNED;

    private Concat() {
    }

    /**
     * Concatenates arrays.
     *
     * @param dtype the result type; every input has this type, or its non-nullable version when it
     *              is nullable
     * @param chunks the arrays, in order
     * @param alloc where to allocate the result's buffers
     * @return the concatenation
     * @throws IllegalArgumentException when an input has another dtype
     * @throws VortexException when the result would exceed {@link Canonicals#MAX_ROWS} rows, or the
     *                         dtype has no canonical form
     */
    public static Canonical concat(DType dtype, List<Canonical> chunks, Allocator alloc) {
        long total = 0;
        for (Canonical c : chunks) {
            if (!fits(dtype, c.dtype())) {
                throw new IllegalArgumentException("cannot concatenate " + c.dtype().display() + " into "
                        + dtype.display());
            }
            total += c.length();
        }
        int length = Canonicals.checkRows(total, "concatenation");
        for (Canonical c : chunks) {
            if (c instanceof OpaqueArray o) {
                return new OpaqueArray(o.encodingId(), dtype, length);
            }
        }
        if (chunks.size() == 1 && chunks.getFirst().dtype().equals(dtype)) {
            return chunks.getFirst();
        }
        if (chunks.isEmpty()) {
            return Canonicals.zeros(dtype, 0, Validity.ALL_VALID, alloc);
        }
        int[] lengths = new int[chunks.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = chunks.get(i).length();
        }
        return switch (dtype) {
            case DType.Null n -> new NullArray(length);
            case DType.Bool b -> {
                MemorySegment bits = BitBuffers.allocate(length, alloc);
                long at = 0;
                for (Canonical c : chunks) {
                    BoolArray x = (BoolArray) c;
                    BitBuffers.copy(x.bits(), x.bitOffset(), bits, at, x.length());
                    at += x.length();
                }
                yield new BoolArray(b, bits, 0, length, validity(dtype, chunks, lengths, alloc));
            }
            case DType.Primitive p -> {
                int w = p.ptype().byteWidth();
                MemorySegment out = alloc.allocate((long) length * w);
                long at = 0;
                for (Canonical c : chunks) {
                    MemorySegment v = ((PrimitiveArray) c).values();
                    MemorySegment.copy(v, 0, out, at, v.byteSize());
                    at += v.byteSize();
                }
                yield new PrimitiveArray(p, out, length, validity(dtype, chunks, lengths, alloc));
            }
            case DType.Decimal d -> decimals(d, chunks, length, validity(dtype, chunks, lengths, alloc), alloc);
            case DType.Utf8 u -> strings(dtype, chunks, length, validity(dtype, chunks, lengths, alloc), alloc);
            case DType.Binary u -> strings(dtype, chunks, length, validity(dtype, chunks, lengths, alloc), alloc);
            case DType.Struct s -> {
                List<Canonical> fields = new ArrayList<>(s.fields().size());
                for (int f = 0; f < s.fields().size(); f++) {
                    List<Canonical> parts = new ArrayList<>(chunks.size());
                    for (Canonical c : chunks) {
                        parts.add(((StructArray) c).fields().get(f));
                    }
                    fields.add(concat(s.fields().get(f), parts, alloc));
                }
                yield new StructArray(s, fields, length, validity(dtype, chunks, lengths, alloc));
            }
            case DType.List l -> lists(l, chunks, length, validity(dtype, chunks, lengths, alloc), alloc);
            case DType.FixedSizeList f -> {
                List<Canonical> parts = new ArrayList<>(chunks.size());
                for (Canonical c : chunks) {
                    parts.add(((FixedSizeListArray) c).elements());
                }
                yield new FixedSizeListArray(f, concat(f.element(), parts, alloc), length,
                        validity(dtype, chunks, lengths, alloc));
            }
            case DType.Extension e -> {
                List<Canonical> parts = new ArrayList<>(chunks.size());
                for (Canonical c : chunks) {
                    parts.add(((ExtensionArray) c).storage());
                }
                yield new ExtensionArray(e, concat(e.storage(), parts, alloc));
            }
            case DType.Variant x -> variants(x, chunks, length, validity(dtype, chunks, lengths, alloc), alloc);
            case DType.Union u -> {
                List<Canonical> ids = new ArrayList<>(chunks.size());
                for (Canonical c : chunks) {
                    ids.add(((UnionArray) c).typeIds());
                }
                List<Canonical> children = new ArrayList<>(u.variants().size());
                for (int k = 0; k < u.variants().size(); k++) {
                    List<Canonical> parts = new ArrayList<>(chunks.size());
                    for (Canonical c : chunks) {
                        parts.add(((UnionArray) c).children().get(k));
                    }
                    children.add(concat(u.variants().get(k), parts, alloc));
                }
                yield new UnionArray(u, (PrimitiveArray) concat(new DType.Primitive(io.jvortex.dtype.PType.U8,
                        u.nullable()), ids, alloc), children);
            }
            case DType.Map m -> {
                List<Canonical> parts = new ArrayList<>(chunks.size());
                for (Canonical c : chunks) {
                    parts.add(((MapArray) c).entries());
                }
                yield new MapArray(m, lists(m.entries(), parts, length, validity(dtype, chunks, lengths, alloc),
                        alloc));
            }
        };
    }

    /**
     * @param target the result type
     * @param actual an input's type
     * @return whether the input may be part of a result of the target type
     */
    static boolean fits(DType target, DType actual) {
        return actual.equals(target) || (target.nullable() && actual.withNullable(true).equals(target));
    }

    private static Validity validity(DType dtype, List<Canonical> chunks, int[] lengths, Allocator alloc) {
        if (!dtype.nullable()) {
            return Validity.ALL_VALID;
        }
        List<Validity> parts = new ArrayList<>(chunks.size());
        for (Canonical c : chunks) {
            parts.add(c.validity());
        }
        return Validities.concat(parts, lengths, alloc);
    }

    private static DecimalArray decimals(DType.Decimal d, List<Canonical> chunks, int length, Validity validity,
                                         Allocator alloc) {
        int w = 1;
        for (Canonical c : chunks) {
            w = Math.max(w, ((DecimalArray) c).valueByteWidth());
        }
        MemorySegment out = alloc.allocate((long) length * w);
        long row = 0;
        for (Canonical c : chunks) {
            DecimalArray x = (DecimalArray) c;
            int xw = x.valueByteWidth();
            if (xw == w) {
                MemorySegment.copy(x.values(), 0, out, row * w, x.values().byteSize());
            } else {
                // Sign-extend each narrower value (rare: chunks written with different widths).
                for (int i = 0; i < x.length(); i++) {
                    long to = (row + i) * w;
                    MemorySegment.copy(x.values(), (long) i * xw, out, to, xw);
                    byte sign = x.values().get(ValueLayout.JAVA_BYTE, (long) i * xw + xw - 1) < 0 ? (byte) -1 : 0;
                    out.asSlice(to + xw, w - xw).fill(sign);
                }
            }
            row += x.length();
        }
        return new DecimalArray(d, w, out, length, validity);
    }

    private static VarBinViewArray strings(DType dtype, List<Canonical> chunks, int length, Validity validity,
                                           Allocator alloc) {
        MemorySegment views = alloc.allocate(16L * length);
        List<MemorySegment> buffers = new ArrayList<>();
        long[] words = null;
        long row = 0;
        for (Canonical c : chunks) {
            VarBinViewArray x = c instanceof VarBinArray vb ? Canonicals.toViews(vb, alloc) : (VarBinViewArray) c;
            int base = buffers.size();
            buffers.addAll(x.dataBuffers());
            MemorySegment.copy(x.views(), 0, views, 16L * row, x.views().byteSize());
            if (base != 0 && !x.dataBuffers().isEmpty()) {
                // the buffer index of a view that is not inline (the low half of its second long) moves by
                // base; rebased a block of long pairs at a time on the heap, not per view in the segment
                if (words == null) {
                    words = new long[2 * Math.min(2048, length)];
                }
                for (int i = 0; i < x.length(); i += words.length / 2) {
                    int k = Math.min(words.length / 2, x.length() - i);
                    long at = 16L * (row + i);
                    MemorySegment.copy(views, L, at, words, 0, 2 * k);
                    for (int j = 0; j < k; j++) {
                        words[2 * j + 1] += (int) words[2 * j] > VarBinViewArray.MAX_INLINE ? base : 0;
                    }
                    MemorySegment.copy(words, 0, views, L, at, 2 * k);
                }
            }
            row += x.length();
        }
        return new VarBinViewArray(dtype, views, buffers, length, validity);
    }

    /** Concatenates variants child by child; every chunk must hold the same optional children. */
    private static VariantArray variants(DType.Variant dtype, List<Canonical> chunks, int length, Validity validity,
                                         Allocator alloc) {
        List<Canonical> metadata = new ArrayList<>();
        List<Canonical> value = new ArrayList<>();
        List<Canonical> typed = new ArrayList<>();
        List<Canonical> shredded = new ArrayList<>();
        for (Canonical c : chunks) {
            VariantArray v = (VariantArray) c;
            metadata.add(v.metadata());
            addOptional(value, v.value());
            addOptional(typed, v.typedValue());
            addOptional(shredded, v.shredded());
        }
        return new VariantArray(dtype, length, validity, concat(metadata.getFirst().dtype(), metadata, alloc),
                concatOptional(value, chunks.size(), "value", alloc), concatOptional(typed, chunks.size(),
                "typed_value", alloc), concatOptional(shredded, chunks.size(), "shredded", alloc));
    }

    private static void addOptional(List<Canonical> parts, Canonical part) {
        if (part != null) {
            parts.add(part);
        }
    }

    private static Canonical concatOptional(List<Canonical> parts, int chunkCount, String what, Allocator alloc) {
        if (parts.isEmpty()) {
            return null;
        }
        if (parts.size() != chunkCount) {
            throw new VortexException("variant chunks disagree on whether they have a " + what + " child");
        }
        DType dtype = parts.getFirst().dtype();
        for (Canonical p : parts) {
            if (p.dtype().nullable()) {
                dtype = dtype.withNullable(true);
            }
        }
        return concat(dtype, parts, alloc);
    }

    private static ListViewArray lists(DType.List dtype, List<Canonical> chunks, int length, Validity validity,
                                       Allocator alloc) {
        MemorySegment offsets = alloc.allocate(8L * length);
        MemorySegment sizes = alloc.allocate(8L * length);
        List<Canonical> elements = new ArrayList<>(chunks.size());
        long elementBase = 0;
        int row = 0;
        for (Canonical c : chunks) {
            switch (c) {
                case ListArray x -> {
                    for (int i = 0; i < x.length(); i++) {
                        long start = x.start(i);
                        offsets.set(L, 8L * (row + i), start + elementBase);
                        sizes.set(L, 8L * (row + i), x.offsets().getLong(i + 1) - start);
                    }
                    elements.add(x.elements());
                    elementBase += x.elements().length();
                }
                case ListViewArray x -> {
                    for (int i = 0; i < x.length(); i++) {
                        offsets.set(L, 8L * (row + i), x.start(i) + elementBase);
                        sizes.set(L, 8L * (row + i), x.size(i));
                    }
                    elements.add(x.elements());
                    elementBase += x.elements().length();
                }
                default -> throw new IllegalArgumentException("list chunk is a " + c.getClass().getSimpleName());
            }
            row += c.length();
        }
        return new ListViewArray(dtype, concat(dtype.element(), elements, alloc),
                new PrimitiveArray(Canonicals.i64(), offsets, length, Validity.ALL_VALID),
                new PrimitiveArray(Canonicals.i64(), sizes, length, Validity.ALL_VALID), length, validity);
    }
}
