package io.jvortex.internal.encodings.constant;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.masked.MaskedEncoding;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference's constant schemes (one per dtype family, so each sits at its family's place in the
 * scheme order): when every valid value is equal the array is a {@code vortex.constant}, used
 * without comparing ("always use"); with some nulls it is a {@code vortex.masked} over a constant
 * child plus the validity, which exists only from edition core2025.10.0 — before it, such arrays
 * are left to the other schemes. Judged on the whole array, never on samples.
 */
public final class ConstantScheme implements Scheme {
    /** Booleans. */
    public static final ConstantScheme BOOL = new ConstantScheme(SchemeId.BOOL_CONSTANT, Family.BOOL);
    /** Integers. */
    public static final ConstantScheme INTEGER = new ConstantScheme(SchemeId.INT_CONSTANT, Family.INTEGER);
    /** Floats (equal bit patterns). */
    public static final ConstantScheme FLOAT = new ConstantScheme(SchemeId.FLOAT_CONSTANT, Family.FLOAT);
    /** Decimals. */
    public static final ConstantScheme DECIMAL = new ConstantScheme(SchemeId.DECIMAL_CONSTANT, Family.DECIMAL);
    /** UTF-8 strings. */
    public static final ConstantScheme STRING = new ConstantScheme(SchemeId.STRING_CONSTANT, Family.STRING);
    /** Binary. */
    public static final ConstantScheme BINARY = new ConstantScheme(SchemeId.BINARY_CONSTANT, Family.BINARY);

    private enum Family { BOOL, INTEGER, FLOAT, DECIMAL, STRING, BINARY }

    private final SchemeId id;
    private final Family family;

    private ConstantScheme(SchemeId id, Family family) {
        this.id = id;
        this.family = family;
    }

    @Override
    public SchemeId id() {
        return id;
    }

    @Override
    public String encodingId() {
        return ConstantEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return switch (family) {
            case BOOL -> array instanceof BoolArray;
            case INTEGER -> array instanceof PrimitiveArray p && p.ptype().isInteger();
            case FLOAT -> array instanceof PrimitiveArray p && p.ptype().isFloat();
            case DECIMAL -> array instanceof DecimalArray;
            case STRING -> (array instanceof VarBinArray || array instanceof VarBinViewArray)
                    && array.dtype() instanceof DType.Utf8;
            case BINARY -> (array instanceof VarBinArray || array instanceof VarBinViewArray)
                    && array.dtype() instanceof DType.Binary;
        };
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (ctx.sampling() || !facts.validValuesConstant()) {
            return SKIP;
        }
        boolean allNull = facts.nullCount() == facts.length();
        return facts.nullCount() == 0 || allNull || ctx.allowed(MaskedEncoding.ID) ? ALWAYS : SKIP;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (!facts.validValuesConstant()) {
            return null;
        }
        int first = 0;
        while (first < array.length() && !array.isValid(first)) {
            first++;
        }
        if (first == array.length()) {
            return CanonicalEncoder.constant(Scalar.nullOf(array.dtype()));
        }
        Scalar value = ScalarAt.get(array, first);
        if (facts.nullCount() == 0) {
            return CanonicalEncoder.constant(new Scalar(array.dtype(), value.value()));
        }
        if (!ctx.allowed(MaskedEncoding.ID)) {
            return null;
        }
        List<WriteNode> children = new ArrayList<>();
        children.add(CanonicalEncoder.constant(new Scalar(array.dtype().withNullable(false), value.value())));
        children.addAll(CanonicalEncoder.validityChildren(array.dtype(), array.validity(), array.length()));
        return WriteNode.of(MaskedEncoding.ID, null, List.of(), children);
    }
}
