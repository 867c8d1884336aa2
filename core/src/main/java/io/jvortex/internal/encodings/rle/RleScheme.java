package io.jvortex.internal.encodings.rle;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.DType;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;

/**
 * The reference's FastLanes RLE schemes, {@link #INTEGER} ({@code vortex.int.rle}) and
 * {@link #FLOAT} ({@code vortex.float.rle}): nulls are filled forward within their chunk, each 1024-value chunk becomes
 * its run values plus u16 (narrowed) per-position run indices, and per-chunk offsets into the
 * values. Only when the valid values' average run is at least 4 and the cascade may go deeper;
 * measured on a sample. Values, indices and offsets cascade (no dictionary or sparse below the
 * indices and offsets).
 */
public final class RleScheme implements Scheme {
    /** Integer arrays. */
    public static final RleScheme INTEGER = new RleScheme(SchemeId.INT_RLE, true);
    /** Float arrays (runs compare bit patterns). */
    public static final RleScheme FLOAT = new RleScheme(SchemeId.FLOAT_RLE, false);

    private static final int CHUNK = FastLanesRle.CHUNK_VALUES;
    /** Excluded below the run indices and value offsets. */
    static final Set<SchemeId> INDICES_EXCLUDED = Set.of(SchemeId.INT_DICT, SchemeId.INT_SPARSE);

    private final SchemeId id;
    private final boolean integers;

    private RleScheme(SchemeId id, boolean integers) {
        this.id = id;
        this.integers = integers;
    }

    @Override
    public SchemeId id() {
        return id;
    }

    @Override
    public String encodingId() {
        return RleEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && (integers ? p.ptype().isInteger() : p.ptype().isFloat());
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (ctx.finishedCascading()) {
            return SKIP;
        }
        int runs = facts.runCount();
        return runs == 0 || facts.validCount() / runs < 4 ? SKIP : DEFER;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        int len = p.length();
        long[] v = facts.longs().clone();
        boolean allValid = p.validity() instanceof Validity.AllValid;
        if (!allValid) {
            // The reference's fill-forward: nulls take the last valid value of their chunk; a null at a
            // chunk's first row keeps its stored value and restarts the fill from zero.
            long prev = 0;
            for (int i = 0; i < len; i++) {
                if (p.isValid(i)) {
                    prev = v[i];
                } else if ((i & (CHUNK - 1)) == 0) {
                    prev = 0;
                } else {
                    v[i] = prev;
                }
            }
        }
        int chunks = (len + CHUNK - 1) / CHUNK;
        int padded = chunks * CHUNK;
        long[] values = new long[padded];
        short[] indices = new short[padded];
        long[] offsets = new long[chunks];
        int count = 0;
        for (int c = 0; c < chunks; c++) {
            offsets[c] = count;
            count += FastLanesRle.encode(v, c * CHUNK, Math.min(CHUNK, len - c * CHUNK), values, count, indices,
                    c * CHUNK);
        }
        long[] idx = new long[padded];
        for (int i = 0; i < padded; i++) {
            idx[i] = indices[i] & 0xFFFF;
        }
        PrimitiveArray runValues = Primitives.fromLongs(
                new DType.Primitive(p.ptype(), false), values, count, Validity.ALL_VALID);
        PrimitiveArray runIndices = Primitives.narrowUnsigned(idx, padded, p.dtype().nullable(),
                paddedValidity(p, padded));
        PrimitiveArray valueOffsets = Primitives.narrowUnsigned(offsets, chunks, false, Validity.ALL_VALID);
        WriteNode valuesNode = ctx.compress(runValues, id);
        WriteNode indicesNode = ctx.compress(runIndices, id, INDICES_EXCLUDED);
        WriteNode offsetsNode = ctx.compress(valueOffsets, id, INDICES_EXCLUDED);
        byte[] metadata = new RleMetadata(count, padded, runIndices.ptype(), chunks, valueOffsets.ptype(), 0)
                .serialize();
        return WriteNode.of(RleEncoding.ID, metadata, List.of(), List.of(valuesNode, indicesNode, offsetsNode));
    }

    /** The array's validity extended with invalid padding rows, as the reference pads it. */
    private static Validity paddedValidity(PrimitiveArray p, int padded) {
        Validity validity = p.validity();
        if (!p.dtype().nullable() || validity instanceof Validity.AllValid) {
            return Validity.ALL_VALID;
        }
        if (validity instanceof Validity.AllInvalid) {
            return Validity.ALL_INVALID;
        }
        MemorySegment bits = MemorySegment.ofArray(new byte[(padded + 7) >>> 3]);
        for (int i = 0; i < p.length(); i++) {
            if (p.isValid(i)) {
                Validity.Bits.set(bits, i, true);
            }
        }
        return new Validity.Bitmap(bits, 0);
    }
}
