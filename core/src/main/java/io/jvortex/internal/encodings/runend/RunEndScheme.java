package io.jvortex.internal.encodings.runend;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;

/**
 * The reference's {@code vortex.int.runend}: runs of equal integers (consecutive nulls form one
 * null run) as exclusive run ends plus one value per run; only when the valid values' average run
 * is at least 4, measured on a sample. Values and ends cascade (no dictionary, run-end, RLE or
 * sparse on the ends).
 */
public final class RunEndScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.INT_RUNEND;
    /** Excluded below the run ends. */
    static final Set<SchemeId> ENDS_EXCLUDED = Set.of(SchemeId.INT_DICT, SchemeId.INT_RLE, SchemeId.INT_SPARSE);
    /** Minimum average run length. */
    static final int THRESHOLD = 4;

    /** Creates the scheme. */
    public RunEndScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return RunEndEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && p.ptype().isInteger();
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        int runs = facts.runCount();
        return runs == 0 || facts.validCount() / runs < THRESHOLD ? SKIP : DEFER;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        int len = p.length();
        long[] v = facts.longs();
        long[] ends = new long[16];
        long[] values = new long[16];
        boolean[] valid = new boolean[16];
        int runs = 0;
        boolean anyNull = false;
        for (int i = 0; i < len; i++) {
            boolean ok = p.isValid(i);
            boolean same = i > 0 && ok == valid[runs - 1] && (!ok || v[i] == values[runs - 1]);
            if (same) {
                ends[runs - 1] = i + 1;
                continue;
            }
            if (runs == ends.length) {
                ends = java.util.Arrays.copyOf(ends, runs * 2);
                values = java.util.Arrays.copyOf(values, runs * 2);
                valid = java.util.Arrays.copyOf(valid, runs * 2);
            }
            ends[runs] = i + 1;
            values[runs] = ok ? v[i] : 0;
            valid[runs++] = ok;
            anyNull |= !ok;
        }
        Validity validity = Validity.ALL_VALID;
        if (anyNull) {
            MemorySegment bits = MemorySegment.ofArray(new byte[(runs + 7) >>> 3]);
            for (int r = 0; r < runs; r++) {
                Validity.Bits.set(bits, r, valid[r]);
            }
            validity = new Validity.Bitmap(bits, 0);
        }
        PrimitiveArray runValues = Primitives.fromLongs(p.dtype(), values, runs, validity);
        PrimitiveArray runEnds = Primitives.narrowUnsigned(ends, runs, false, Validity.ALL_VALID);
        WriteNode endsNode = ctx.compress(runEnds, SCHEME_ID, ENDS_EXCLUDED);
        WriteNode valuesNode = ctx.compress(runValues, SCHEME_ID);
        byte[] metadata = new RunEndMetadata(runEnds.ptype(), runs, 0).serialize();
        return WriteNode.of(RunEndEncoding.ID, metadata, List.of(), List.of(endsNode, valuesNode));
    }
}
