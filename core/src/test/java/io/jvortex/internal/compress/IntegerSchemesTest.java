package io.jvortex.internal.compress;

import io.jvortex.internal.registry.BuiltinSchemes;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.bitpacked.BitPackingScheme;
import io.jvortex.internal.encodings.constant.ConstantScheme;
import io.jvortex.internal.encodings.dict.DictScheme;
import io.jvortex.internal.encodings.frameofreference.FrameOfReferenceScheme;
import io.jvortex.internal.encodings.rle.RleScheme;
import io.jvortex.internal.encodings.runend.RunEndScheme;
import io.jvortex.internal.encodings.sequence.SequenceScheme;
import io.jvortex.internal.encodings.sparse.SparseScheme;
import io.jvortex.internal.encodings.zigzag.ZigZagScheme;
import io.jvortex.spi.WriteNode;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every integer scheme applied directly to seeded random arrays (all integer types, lengths around
 * the 1024-value chunk, with and without nulls, many value shapes, type minimum and maximum), and
 * the whole compressor on the same arrays: what is written decodes, through our decoders, to exactly
 * the input.
 */
class IntegerSchemesTest {
    private static final List<Scheme> SCHEMES = List.of(ConstantScheme.INTEGER, new FrameOfReferenceScheme(),
            new ZigZagScheme(), new BitPackingScheme(), SparseScheme.INTEGER, DictScheme.INTEGER, new RunEndScheme(),
            new SequenceScheme(), RleScheme.INTEGER);

    @Test
    void everySchemeRoundTripsWhereItApplies() {
        SplittableRandom rnd = TestSupport.random("IntegerSchemesTest.everySchemeRoundTripsWhereItApplies");
        CompressContext ctx = Roundtrip.context(id -> true);
        Map<String, Integer> applied = new HashMap<>();
        for (PType t : Roundtrip.INTS) {
            for (int len : Roundtrip.LENGTHS) {
                for (Roundtrip.Nulls nulls : Roundtrip.Nulls.values()) {
                    for (Roundtrip.Shape shape : Roundtrip.Shape.values()) {
                        if (rnd.nextInt(len > 2000 ? 12 : 3) != 0) {
                            continue;
                        }
                        PrimitiveArray array = Roundtrip.ints(t, len, shape, nulls, rnd);
                        String what = t + " len " + len + " " + shape + " " + nulls;
                        for (Scheme scheme : SCHEMES) {
                            ArrayFacts facts = new ArrayFacts(array);
                            if (!scheme.accepts(array) || scheme.judge(array, facts, ctx) instanceof io.jvortex.internal.compress.Verdict.Skip) {
                                continue;
                            }
                            WriteNode node = scheme.compress(array, facts, ctx);
                            if (node == null) {
                                continue;
                            }
                            Roundtrip.assertDecodesTo(node, array, scheme.name() + " " + what);
                            if (node.encodingId().equals(scheme.encodingId())) {
                                applied.merge(scheme.name(), 1, Integer::sum);
                            }
                        }
                    }
                }
            }
        }
        for (Scheme scheme : SCHEMES) {
            assertThat(applied.getOrDefault(scheme.name(), 0)).as(scheme.name()).isGreaterThan(5);
        }
    }

    @Test
    void theCompressorRoundTripsInEveryEdition() {
        SplittableRandom rnd = TestSupport.random("IntegerSchemesTest.theCompressorRoundTripsInEveryEdition");
        Map<Edition, Compressor> compressors = new EnumMap<>(Edition.class);
        for (Edition e : Edition.values()) {
            compressors.put(e, new Compressor(BuiltinSchemes.defaults(), e::allowsArray));
        }
        Map<String, Integer> seen = new HashMap<>();
        for (PType t : Roundtrip.INTS) {
            for (int len : Roundtrip.LENGTHS) {
                for (Roundtrip.Nulls nulls : Roundtrip.Nulls.values()) {
                    for (Roundtrip.Shape shape : Roundtrip.Shape.values()) {
                        if (rnd.nextInt(len > 2000 ? 12 : 2) != 0) {
                            continue;
                        }
                        Edition edition = Edition.values()[rnd.nextInt(Edition.values().length)];
                        PrimitiveArray array = Roundtrip.ints(t, len, shape, nulls, rnd);
                        WriteNode node = compressors.get(edition).compress(array);
                        Roundtrip.assertDecodesTo(node, array, t + " len " + len + " " + shape + " " + nulls
                                + " " + edition.id());
                        for (String id : Roundtrip.ids(node)) {
                            assertThat(edition.allowsArray(id)).as(id + " in " + edition.id()).isTrue();
                            seen.merge(id, 1, Integer::sum);
                        }
                    }
                }
            }
        }
        assertThat(seen).containsKeys("fastlanes.bitpacked", "fastlanes.for", "vortex.zigzag", "vortex.dict",
                "vortex.constant", "vortex.sequence");
    }

    @Test
    void emptyAndAllNullArrays() {
        Compressor compressor = new Compressor(BuiltinSchemes.defaults(), Edition.DEFAULT::allowsArray);
        SplittableRandom rnd = TestSupport.random("IntegerSchemesTest.emptyAndAllNullArrays");
        for (PType t : Roundtrip.INTS) {
            PrimitiveArray empty = Roundtrip.ints(t, 0, Roundtrip.Shape.FULL_RANGE, Roundtrip.Nulls.NONE, rnd);
            Roundtrip.assertDecodesTo(compressor.compress(empty), empty, t + " empty");
            for (int len : Roundtrip.LENGTHS) {
                PrimitiveArray values = Roundtrip.ints(t, len, Roundtrip.Shape.FULL_RANGE, Roundtrip.Nulls.NONE, rnd);
                PrimitiveArray allNull = new PrimitiveArray(values.dtype(), values.values(), len,
                        io.jvortex.array.Validity.ALL_INVALID);
                WriteNode node = compressor.compress(allNull);
                assertThat(node.encodingId()).isEqualTo("vortex.constant");
                Roundtrip.assertDecodesTo(node, allNull, t + " all null " + len);
            }
        }
    }
}
