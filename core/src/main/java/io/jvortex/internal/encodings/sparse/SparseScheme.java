package io.jvortex.internal.encodings.sparse;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.LongCounts;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.PatchesMetadata;
import io.jvortex.spi.ScalarValueWriter;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;

/**
 * The reference's sparse schemes: {@link #INTEGER} ({@code vortex.int.sparse}) for integer arrays
 * that are more than 90 % null (fill null, the valid values as patches) or whose most frequent value
 * covers at least 90 % of the valid rows (fill that value, every other row — nulls included — as a
 * patch); {@link #FLOAT} ({@code vortex.float.sparse}) for float arrays more than 90 % null only.
 * Estimates are the reference's ratios from the whole array's counts.
 */
public final class SparseScheme implements Scheme {
    /** Integers: null-dominated or one dominant value; values and indices cascade. */
    public static final SparseScheme INTEGER = new SparseScheme(SchemeId.INT_SPARSE, true);
    /** Floats: null-dominated only; the indices cascade, the values stay canonical. */
    public static final SparseScheme FLOAT = new SparseScheme(SchemeId.FLOAT_SPARSE, false);

    /** Excluded below the patch indices of integers. */
    static final Set<SchemeId> INDICES_EXCLUDED = Set.of(SchemeId.INT_DICT, SchemeId.INT_RUNEND, SchemeId.INT_RLE);
    /** Excluded below the patch indices of floats. */
    static final Set<SchemeId> FLOAT_INDICES_EXCLUDED = Set.of(SchemeId.INT_SPARSE);

    private final SchemeId id;
    private final boolean integers;

    private SparseScheme(SchemeId id, boolean integers) {
        this.id = id;
        this.integers = integers;
    }

    @Override
    public SchemeId id() {
        return id;
    }

    @Override
    public String encodingId() {
        return SparseEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && (integers ? p.ptype().isInteger() : p.ptype().isFloat());
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        int len = facts.length();
        int valid = facts.validCount();
        long bytes = (long) len * ((PrimitiveArray) array).ptype().byteWidth();
        if (valid == 0) {
            return SKIP;
        }
        if (facts.nullCount() > 0.9 * len) {
            return Verdict.size(Math.max(1, (long) (bytes * (double) valid / len)));
        }
        if (!integers) {
            return SKIP;
        }
        // a value on at least 90 % of the valid rows is the majority: no need to count every value
        int top = facts.majorityCount();
        if (top == valid || top < 0.9 * valid) {
            return SKIP;
        }
        return Verdict.size(Math.max(1, (long) (bytes * (double) (valid - top) / valid)));
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        int len = p.length();
        long[] v = facts.longs();
        boolean nullFill = facts.nullCount() > 0.9 * len || !integers;
        long fill = 0;
        if (!nullFill) {
            int topCount;
            if (2L * facts.majorityCount() > facts.validCount()) {
                // a majority is the one most frequent value
                fill = facts.majorityValue();
                topCount = facts.majorityCount();
            } else {
                LongCounts counts = facts.counts();
                int top = counts.mostFrequent();
                fill = counts.key(top);
                topCount = counts.count(top);
            }
            if (topCount == len) {
                return CanonicalEncoder.constant(new Scalar(p.dtype(), fill));
            }
        }
        long[] indices = new long[16];
        long[] values = new long[16];
        boolean[] valid = new boolean[16];
        int count = 0;
        boolean anyNullPatch = false;
        for (int i = 0; i < len; i++) {
            boolean ok = p.isValid(i);
            if (nullFill ? ok : (!ok || v[i] != fill)) {
                if (count == indices.length) {
                    indices = java.util.Arrays.copyOf(indices, count * 2);
                    values = java.util.Arrays.copyOf(values, count * 2);
                    valid = java.util.Arrays.copyOf(valid, count * 2);
                }
                indices[count] = i;
                valid[count] = ok;
                anyNullPatch |= !ok;
                values[count++] = ok ? v[i] : 0;
            }
        }
        Validity patchValidity = Validity.ALL_VALID;
        if (anyNullPatch) {
            MemorySegment bits = MemorySegment.ofArray(new byte[(count + 7) >>> 3]);
            for (int k = 0; k < count; k++) {
                Validity.Bits.set(bits, k, valid[k]);
            }
            patchValidity = new Validity.Bitmap(bits, 0);
        }
        PrimitiveArray patchValues = Primitives.fromLongs(p.dtype(), values, count, patchValidity);
        PrimitiveArray patchIndices = Primitives.narrowUnsigned(indices, count, false, Validity.ALL_VALID);
        Scalar fillScalar = nullFill ? Scalar.nullOf(p.dtype()) : new Scalar(p.dtype(), fill);
        WriteNode indicesNode;
        WriteNode valuesNode;
        if (integers) {
            valuesNode = ctx.compress(patchValues, id);
            indicesNode = ctx.compress(patchIndices, id, INDICES_EXCLUDED);
        } else {
            indicesNode = ctx.compress(patchIndices, id, FLOAT_INDICES_EXCLUDED);
            valuesNode = CanonicalEncoder.encode(patchValues);
        }
        byte[] metadata = new SparseMetadata(PatchesMetadata.of(count, patchIndices.ptype())).serialize();
        return WriteNode.of(SparseEncoding.ID, metadata,
                List.of(new WriteNode.Buffer(MemorySegment.ofArray(ScalarValueWriter.encode(fillScalar)), 1)),
                List.of(indicesNode, valuesNode));
    }
}
