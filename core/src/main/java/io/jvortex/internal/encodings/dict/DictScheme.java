package io.jvortex.internal.encodings.dict;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.LongCounts;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;

/**
 * The reference's dictionary schemes: {@link #INTEGER}, {@link #FLOAT}, {@link #STRING} and
 * {@link #BINARY}. Each applies only when there are at most half as many distinct valid values as
 * valid values; the integer one is judged from the reference's bit-cost formula, the others are
 * measured on a sample. Values (distinct valid values in first-appearance order, all valid) and
 * codes (narrowest unsigned type, nullable like the array, 0 at null rows) cascade; below the
 * codes frame of reference, ZigZag, sequence and integer dictionaries are excluded, below the
 * values run-end and RLE (and, for floats, integer dictionaries).
 */
public final class DictScheme implements Scheme {
    /** Integers. */
    public static final DictScheme INTEGER = new DictScheme(SchemeId.INT_DICT, Kind.INTEGER);
    /** Floats (distinct by bit pattern). */
    public static final DictScheme FLOAT = new DictScheme(SchemeId.FLOAT_DICT, Kind.FLOAT);
    /** UTF-8 strings. */
    public static final DictScheme STRING = new DictScheme(SchemeId.STRING_DICT, Kind.STRING);
    /** Binary. */
    public static final DictScheme BINARY = new DictScheme(SchemeId.BINARY_DICT, Kind.BINARY);

    private enum Kind { INTEGER, FLOAT, STRING, BINARY }

    /** Excluded below the values. */
    static final Set<SchemeId> VALUES_EXCLUDED = Set.of(SchemeId.INT_RUNEND, SchemeId.INT_RLE, SchemeId.FLOAT_RLE);
    /** Excluded below float values. */
    static final Set<SchemeId> FLOAT_VALUES_EXCLUDED = Set.of(SchemeId.INT_RUNEND, SchemeId.INT_RLE,
            SchemeId.FLOAT_RLE, SchemeId.INT_DICT);
    /** Excluded below the codes. */
    static final Set<SchemeId> CODES_EXCLUDED = Set.of(SchemeId.INT_FOR, SchemeId.INT_ZIGZAG, SchemeId.INT_SEQUENCE,
            SchemeId.INT_DICT);

    private final SchemeId id;
    private final Kind kind;

    private DictScheme(SchemeId id, Kind kind) {
        this.id = id;
        this.kind = kind;
    }

    @Override
    public SchemeId id() {
        return id;
    }

    @Override
    public String encodingId() {
        return DictEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return switch (kind) {
            case INTEGER -> array instanceof PrimitiveArray p && p.ptype().isInteger();
            case FLOAT -> array instanceof PrimitiveArray p && p.ptype().isFloat();
            case STRING -> (array instanceof VarBinArray || array instanceof VarBinViewArray)
                    && array.dtype() instanceof DType.Utf8;
            case BINARY -> (array instanceof VarBinArray || array instanceof VarBinViewArray)
                    && array.dtype() instanceof DType.Binary;
        };
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        int valid = facts.validCount();
        if (valid == 0) {
            return SKIP;
        }
        int distinct = facts.distinctCount(valid / 2);
        if (distinct > valid / 2) {
            return SKIP;
        }
        if (kind != Kind.INTEGER) {
            return DEFER;
        }
        long bitWidth = ((PrimitiveArray) array).ptype().bitWidth();
        long valuesBits = bitWidth * distinct;
        long codesWidth = 32 - Integer.numberOfLeadingZeros(distinct);
        long averageRun = Math.max(1, valid / Math.max(1, facts.runCount()));
        long runs = valid / averageRun;
        long codesBits = Math.min(codesWidth * valid, (codesWidth + 32) * runs);
        return Verdict.size(Math.max(1, (valuesBits + codesBits) / 8));
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        int len = array.length();
        long[] codes = new long[len];
        Canonical values = switch (kind) {
            case INTEGER, FLOAT -> primitiveValues((PrimitiveArray) array, facts.longs(), codes);
            case STRING, BINARY -> bytesValues(array, codes);
        };
        boolean nullable = array.dtype().nullable();
        PrimitiveArray codeArray = Primitives.narrowUnsigned(codes, len, nullable,
                nullable ? array.validity() : Validity.ALL_VALID);
        WriteNode valuesNode = ctx.compress(values, id, kind == Kind.FLOAT ? FLOAT_VALUES_EXCLUDED : VALUES_EXCLUDED);
        WriteNode codesNode = ctx.compress(codeArray, id, CODES_EXCLUDED);
        byte[] metadata = new DictMetadata(values.length(), codeArray.ptype(), nullable).serialize();
        return WriteNode.of(DictEncoding.ID, metadata, List.of(), List.of(codesNode, valuesNode));
    }

    private static PrimitiveArray primitiveValues(PrimitiveArray p, long[] v, long[] codes) {
        LongCounts dict = new LongCounts(1024);
        boolean allValid = p.validity() instanceof Validity.AllValid;
        for (int i = 0; i < v.length; i++) {
            codes[i] = allValid || p.isValid(i) ? dict.add(v[i]) : 0;
        }
        long[] distinct = new long[dict.size()];
        for (int k = 0; k < distinct.length; k++) {
            distinct[k] = dict.key(k);
        }
        return Primitives.fromLongs(p.dtype(), distinct, distinct.length, Validity.ALL_VALID);
    }

    private static VarBinArray bytesValues(Canonical array, long[] codes) {
        Map<ByteBuffer, Integer> dict = new HashMap<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] offsets = new long[16];
        for (int i = 0; i < array.length(); i++) {
            if (!array.isValid(i)) {
                continue;
            }
            byte[] value = switch (array) {
                case VarBinArray v -> v.value(i);
                case VarBinViewArray v -> v.value(i);
                default -> throw new IllegalArgumentException("not a string array");
            };
            Integer code = dict.get(ByteBuffer.wrap(value));
            if (code == null) {
                code = dict.size();
                dict.put(ByteBuffer.wrap(value), code);
                bytes.writeBytes(value);
                if (code + 2 > offsets.length) {
                    offsets = java.util.Arrays.copyOf(offsets, offsets.length * 2);
                }
                offsets[code + 1] = bytes.size();
            }
            codes[i] = code;
        }
        int n = dict.size();
        boolean wide = bytes.size() > Integer.MAX_VALUE - 1;
        PrimitiveArray offsetArray = Primitives.fromLongs(new DType.Primitive(wide ? PType.I64 : PType.I32, false),
                offsets, n + 1, Validity.ALL_VALID);
        return new VarBinArray(array.dtype(), offsetArray, MemorySegment.ofArray(bytes.toByteArray()), n,
                Validity.ALL_VALID);
    }
}
