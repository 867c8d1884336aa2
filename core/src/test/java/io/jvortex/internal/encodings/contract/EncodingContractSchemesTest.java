package io.jvortex.internal.encodings.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The forced-scheme round trip: every scheme of {@link BuiltinSchemes} (defaults and compact) is the
 * only root the compressor may use ({@link Compressor#compressWith}) over seeded data of every family
 * it accepts, at lengths around the 1024-row block with and without nulls, in the newest edition (so
 * the {@code .v2} successors are written too); what it writes has the scheme's id at the root (or the
 * successor or wrapper that scheme writes) and decodes to exactly the input.
 */
class EncodingContractSchemesTest {
    /** Roots a scheme may write besides its own id: v2 successors, and masked constants with some nulls. */
    private static final Map<String, Set<String>> ALSO_WRITES = Map.of(
            "vortex.constant", Set.of("vortex.masked"),
            "fastlanes.for", Set.of("fastlanes.for.v2"),
            "fastlanes.bitpacked", Set.of("fastlanes.bitpacked.v2"),
            "vortex.decimal_byte_parts", Set.of("vortex.decimal_byte_parts.v2"));
    private static final int[] LENGTHS = {1, 1023, 1025, 4096};

    @Test
    void everySchemeRoundTripsWhenItIsTheOnlyRoot() {
        SplittableRandom r = TestSupport.random("EncodingContractSchemesTest.everySchemeRoundTrips");
        List<Scheme> schemes = new ArrayList<>(BuiltinSchemes.defaults());
        schemes.addAll(BuiltinSchemes.compact());
        Compressor compressor = new Compressor(schemes, Edition.UNSTABLE2026_10_0::allowsArray);
        Map<String, Integer> applied = new TreeMap<>();
        Set<String> roots = new TreeSet<>();
        for (int length : LENGTHS) {
            for (NullShape nulls : List.of(NullShape.NONE, NullShape.SOME)) {
                Map<String, Canonical> inputs = inputs(r, length, nulls);
                for (Scheme scheme : schemes) {
                    for (Map.Entry<String, Canonical> in : inputs.entrySet()) {
                        if (!scheme.accepts(in.getValue())) {
                            continue;
                        }
                        String what = scheme.name() + " on " + in.getKey() + " " + length + " " + nulls;
                        WriteNode node = compressor.compressWith(in.getValue(), scheme);
                        if (node == null) {
                            continue;
                        }
                        assertThat(node.encodingId()).as(what).isIn(rootsOf(scheme));
                        roots.add(node.encodingId());
                        applied.merge(scheme.name(), 1, Integer::sum);
                        try (Arena arena = Arena.ofConfined()) {
                            Canonical decoded = Contract.context(arena).decode(Contract.parse(node, arena),
                                    in.getValue().dtype(), length);
                            Contract.assertRows(decoded, Data.rows(in.getValue()), what);
                        }
                    }
                }
            }
        }
        for (Scheme scheme : schemes) {
            assertThat(applied.getOrDefault(scheme.name(), 0)).as("round trips through " + scheme.name()).isPositive();
        }
        assertThat(roots).as("roots written").contains("vortex.masked", "fastlanes.for.v2", "fastlanes.bitpacked.v2",
                "vortex.decimal_byte_parts.v2");
        System.out.println("EncodingContractSchemesTest: round trips per scheme " + applied);
    }

    private static Set<String> rootsOf(Scheme scheme) {
        Set<String> out = new TreeSet<>(ALSO_WRITES.getOrDefault(scheme.encodingId(), Set.of()));
        out.add(scheme.encodingId());
        return out;
    }

    /** Seeded inputs of every family, named. */
    private static Map<String, Canonical> inputs(SplittableRandom r, int n, NullShape nulls) {
        Map<String, Canonical> in = new LinkedHashMap<>();
        for (Data.IntKind kind : Data.IntKind.values()) {
            PType t = kind == Data.IntKind.SEQUENCE ? PType.I64 : Data.anyInt(r);
            in.put("int " + kind + " " + t, Data.ints(r, t, n, kind, kind == Data.IntKind.SEQUENCE ? NullShape.NONE : nulls));
        }
        for (int kind = 0; kind < 3; kind++) {
            in.put("float " + kind, Data.floats(r, n, kind, nulls));
        }
        PrimitiveArray prices = Data.floats(r, n, 0, nulls);
        long[] v = Primitives.toLongs(prices);
        long[] runs = v.clone();
        long[] few = v.clone();
        long[] dominant = v.clone();
        for (int i = 0; i < n; i++) {
            runs[i] = i > 0 && r.nextInt(16) != 0 ? runs[i - 1] : v[i];
            few[i] = v[r.nextInt(Math.min(n, 5))];
            dominant[i] = r.nextInt(20) == 0 ? v[i] : v[0];
        }
        in.put("float runs", Primitives.fromLongs(prices.dtype(), runs, n, prices.validity()));
        in.put("float few", Primitives.fromLongs(prices.dtype(), few, n, prices.validity()));
        in.put("float dominant", Primitives.fromLongs(prices.dtype(), dominant, n, prices.validity()));
        if (nulls == NullShape.SOME) {
            boolean[] mostlyNull = new boolean[n];
            for (int i = 0; i < n; i++) {
                mostlyNull[i] = r.nextInt(20) == 0;
            }
            mostlyNull[r.nextInt(n)] = true;
            in.put("float mostly null", TestArrays.primitive(prices.ptype(), true, v, mostlyNull));
        }
        long[] same = new long[n];
        Arrays.fill(same, v.length > 0 ? v[0] : 0);
        in.put("float constant", Primitives.fromLongs(prices.dtype(), same, n, prices.validity()));
        String[] strings = Data.strings(r, n, nulls);
        in.put("utf8 view", TestArrays.varBinView(true, strings));
        in.put("utf8 offsets", TestArrays.varBin(true, strings));
        in.put("binary view", TestArrays.varBinView(false, strings));
        String[] one = new String[n];
        Arrays.fill(one, "one value, longer than twelve bytes");
        in.put("utf8 constant", TestArrays.varBinView(true, one));
        in.put("binary constant", TestArrays.varBinView(false, one));
        boolean[] bools = new boolean[n];
        Arrays.fill(bools, true);
        in.put("bool constant", TestArrays.bools(bools, Data.valid(r, n, nulls)));
        in.put("bool", Data.bools(r, n, nulls));
        BigInteger[] small = Data.decimals(r, 9, n, nulls);
        in.put("decimal(9)", TestArrays.decimal(9, 2, 8, small));
        in.put("decimal(30)", TestArrays.decimal(30, 2, 16, Data.decimals(r, 30, n, nulls)));
        BigInteger[] wide = Data.decimals(r, 38, n, nulls);
        java.util.Random bits = new java.util.Random(r.nextLong());
        for (int i = 0; i < n; i++) {
            wide[i] = wide[i] == null ? null : new BigInteger(100, bits).subtract(BigInteger.ONE.shiftLeft(99));
        }
        in.put("decimal(38) beyond i64", TestArrays.decimal(38, 0, 16, wide));
        BigInteger[] sameDecimal = new BigInteger[n];
        Arrays.fill(sameDecimal, BigInteger.valueOf(12345));
        in.put("decimal constant", TestArrays.decimal(9, 2, 4, sameDecimal));
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) {
            ts[i] = (1_700_000_000L + r.nextInt(86_400 * 30)) * 1_000_000L;
        }
        boolean nullable = nulls != NullShape.NONE;
        in.put("timestamp", new ExtensionArray(Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", nullable),
                TestArrays.primitive(PType.I64, nullable, ts, Data.valid(r, n, nulls))));
        return in;
    }
}
