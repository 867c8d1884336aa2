package io.jvortex.internal.compress;

import io.jvortex.array.Allocator;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.Concat;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validities;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/** Strings in the offsets-and-bytes form, concatenated in that form (the writer's chunks and samples). */
public final class VarBins {
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG_UNALIGNED;

    private VarBins() {
    }

    /**
     * Concatenates strings that are all in the offsets-and-bytes form into one {@link VarBinArray}: the
     * referenced bytes are copied once and the offsets rebased into one 64-bit offsets buffer, where
     * {@link Concat#concat} would build a view per row over the inputs' buffers.
     *
     * @param dtype the result type (utf8 or binary); every input has this type or its non-nullable version
     *              (not checked: the writer's callers pass blocks of one column)
     * @param blocks the arrays, in order; each a {@link VarBinArray}
     * @param alloc where to allocate the result's buffers
     * @return the concatenation, holding only the bytes its rows reference
     * @throws IllegalArgumentException when an input is not a {@link VarBinArray}
     * @throws VortexException when the result would exceed {@link Canonicals#MAX_ROWS} rows
     */
    public static VarBinArray concat(DType dtype, List<Canonical> blocks, Allocator alloc) {
        long rows = 0;
        long total = 0;
        int[] lengths = new int[blocks.size()];
        List<Validity> validities = new ArrayList<>(blocks.size());
        for (int b = 0; b < lengths.length; b++) {
            if (!(blocks.get(b) instanceof VarBinArray v)) {
                throw new IllegalArgumentException("cannot concatenate " + blocks.get(b).getClass().getSimpleName()
                        + " as offsets and bytes into " + dtype.display());
            }
            lengths[b] = v.length();
            rows += v.length();
            total += v.offset(v.length()) - v.offset(0);
            validities.add(v.validity());
        }
        if (rows > Canonicals.MAX_ROWS) {
            throw new VortexException("concatenation of " + rows + " rows exceeds the limit of " + Canonicals.MAX_ROWS);
        }
        int length = (int) rows;
        MemorySegment bytes = alloc.allocate(Math.max(total, 1)).asSlice(0, total);
        MemorySegment offsets = alloc.allocate(8L * (length + 1));
        offsets.set(L, 0, 0L);
        long at = 0;
        long row = 0;
        // offsets are widened through heap blocks: per-value segment reads cost more than bulk copies
        long[] wide = new long[Math.min(2048, Math.max(1, length))];
        for (Canonical block : blocks) {
            VarBinArray v = (VarBinArray) block;
            int n = v.length();
            long first = v.offset(0);
            long size = v.offset(n) - first;
            MemorySegment.copy(v.bytes(), first, bytes, at, size);
            long shift = at - first;
            for (int i = 0; i < n; i += wide.length) {
                int k = Math.min(wide.length, n - i);
                Offsets.widen(v.offsets(), i + 1, k, wide);
                for (int j = 0; j < k; j++) {
                    wide[j] += shift;
                }
                MemorySegment.copy(wide, 0, offsets, L, 8L * (row + i + 1), k);
            }
            at += size;
            row += n;
        }
        Validity validity = dtype.nullable() ? Validities.concat(validities, lengths, alloc) : Validity.ALL_VALID;
        return new VarBinArray(dtype,
                new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, length + 1, Validity.ALL_VALID),
                bytes, length, validity);
    }
}
