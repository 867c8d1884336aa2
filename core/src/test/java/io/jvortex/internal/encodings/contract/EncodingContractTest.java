package io.jvortex.internal.encodings.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.TestSupport;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.PointAccess;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The encoding contract, for every registered encoding through its {@link NodeFactory}, at lengths 0,
 * 1, 1023, 1024, 1025 and 65 536 with no, some and all rows null: a full decode gives the rows of the
 * naive model; {@link DecodeContext#take} of sorted indices with duplicates (the encoding's
 * {@link PointAccess} where it has one) gives decode + gather; slices of the decoded array give the
 * model's slices; and single-byte flips and truncations of any node's metadata or buffers either
 * decode (to anything, rows readable) or fail with {@link VortexException}, never another exception,
 * never a hang.
 */
class EncodingContractTest {
    static final int[] LENGTHS = {0, 1, 1023, 1024, 1025, 65_536};
    /** Lengths the corruption check runs at (small: a flip should hit metadata and boundaries often). */
    private static final int[] CORRUPT_LENGTHS = {1, 1025};
    private static final int MUTATIONS = 40;
    private static final Duration CASE_LIMIT = Duration.ofSeconds(20);

    @TestFactory
    Stream<DynamicNode> decodeTakeAndSliceAgreeWithTheModel() {
        SplittableRandom seeds = TestSupport.random("EncodingContractTest.decodeTakeAndSlice");
        List<DynamicNode> out = new ArrayList<>();
        for (NodeFactory f : Factories.all().values()) {
            List<DynamicTest> cases = new ArrayList<>();
            for (int length : LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    long seed = seeds.nextLong();
                    if (f.supports(length, nulls)) {
                        cases.add(DynamicTest.dynamicTest(length + " " + nulls, () -> assertTimeoutPreemptively(
                                CASE_LIMIT, () -> check(f, length, nulls, new SplittableRandom(seed)))));
                    }
                }
            }
            out.add(DynamicContainer.dynamicContainer(f.id(), cases));
        }
        return out.stream();
    }

    @TestFactory
    Stream<DynamicNode> corruptNodesFailOnlyWithVortexException() {
        SplittableRandom seeds = TestSupport.random("EncodingContractTest.corruptNodes");
        List<DynamicNode> out = new ArrayList<>();
        for (NodeFactory f : Factories.all().values()) {
            List<DynamicTest> cases = new ArrayList<>();
            for (int length : CORRUPT_LENGTHS) {
                for (NullShape nulls : NullShape.values()) {
                    long seed = seeds.nextLong();
                    if (f.supports(length, nulls)) {
                        cases.add(DynamicTest.dynamicTest(length + " " + nulls, () -> assertTimeoutPreemptively(
                                CASE_LIMIT, () -> corrupt(f, length, nulls, new SplittableRandom(seed)))));
                    }
                }
            }
            out.add(DynamicContainer.dynamicContainer(f.id(), cases));
        }
        return out.stream();
    }

    /** Builds a case, naming the factory and case in any failure. */
    static Built build(NodeFactory f, int length, NullShape nulls, SplittableRandom r) {
        Built b;
        try {
            b = f.build(r, length, nulls);
        } catch (RuntimeException e) {
            throw new AssertionError(f.id() + " " + length + " " + nulls + ": the factory failed: " + e, e);
        }
        assertThat(b.node()).as("%s %d %s: the factory built no node", f.id(), length, nulls).isNotNull();
        return b;
    }

    static void check(NodeFactory f, int length, NullShape nulls, SplittableRandom r) {
        Built b = build(f, length, nulls, r);
        assertThat(b.node().encodingId()).as("%s %d %s: root of the node built", f.id(), length, nulls).isEqualTo(f.id());
        assertThat(b.length()).isEqualTo(length);
        assertNullShape(b, nulls);
        try (Arena arena = Arena.ofConfined()) {
            ArrayNode root = Contract.parse(b.node(), arena);
            DecodeContext ctx = Contract.context(arena);
            Canonical decoded = ctx.decode(root, b.dtype(), length);
            Contract.assertRows(decoded, b.rows(), f.id() + " decode");
            boolean point = EncodingRegistry.defaults().find(f.id()) instanceof PointAccess;
            for (int kind = 0; kind < 4; kind++) {
                int[] idx = indices(r, length, kind);
                Canonical taken = Contract.context(arena).take(Contract.parse(b.node(), arena), b.dtype(), length, idx);
                Contract.assertRows(taken, Contract.gather(b.rows(), idx), f.id() + (point ? " point" : "")
                        + " take " + Arrays.toString(Arrays.copyOf(idx, Math.min(idx.length, 12)))
                        + (idx.length > 12 ? "... (" + idx.length + ")" : ""));
            }
            for (int k = 0; k < 3; k++) {
                int start = r.nextInt(length + 1);
                int len = r.nextInt(length - start + 1);
                Contract.assertRows(decoded.slice(start, len), b.rows().subList(start, start + len),
                        f.id() + " slice " + start + "+" + len);
            }
        }
    }

    /** The factory built the shape it was asked for. */
    private static void assertNullShape(Built b, NullShape nulls) {
        long nullRows = b.rows().stream().filter(x -> x == null).count();
        switch (nulls) {
            case NONE -> assertThat(nullRows).as("null rows of a NONE case").isZero();
            case ALL -> assertThat(nullRows).as("null rows of an ALL case").isEqualTo(b.length());
            case SOME -> {
                if (b.length() >= 2) {
                    assertThat(nullRows).as("null rows of a SOME case").isBetween(1L, b.length() - 1L);
                }
            }
        }
    }

    /** Sorted take positions with duplicates: sparse random, dense with repeats, block boundaries, none. */
    static int[] indices(SplittableRandom r, int length, int kind) {
        if (length == 0 || kind == 3) {
            return new int[0];
        }
        int[] idx = switch (kind) {
            case 0 -> {
                int[] x = new int[1 + r.nextInt(Math.min(length, 1500))];
                for (int i = 0; i < x.length; i++) {
                    x[i] = r.nextInt(length);
                }
                yield x;
            }
            case 1 -> {
                int from = r.nextInt(length);
                int to = Math.min(length, from + 1 + r.nextInt(3000));
                List<Integer> x = new ArrayList<>();
                for (int i = from; i < to; i++) {
                    for (int k = r.nextInt(3); k >= 0; k--) {
                        x.add(i);
                    }
                }
                yield x.stream().mapToInt(Integer::intValue).toArray();
            }
            default -> Arrays.stream(new int[] {0, 0, 1, 1022, 1023, 1024, 1024, 1025, 2047, 2048, length - 1,
                length - 1}).filter(i -> i < length).toArray();
        };
        Arrays.sort(idx);
        return idx;
    }

    // ---- corruption

    private static void corrupt(NodeFactory f, int length, NullShape nulls, SplittableRandom r) {
        Built b = build(f, length, nulls, r);
        for (int m = 0; m < MUTATIONS; m++) {
            StringBuilder what = new StringBuilder();
            WriteNode bad = mutate(b.node(), r, what);
            if (bad == null) {
                return; // nothing to corrupt (no metadata, no buffers anywhere)
            }
            int[] idx = indices(r, length, r.nextInt(3));
            try (Arena arena = Arena.ofConfined()) {
                attempt(f.id(), what + " decode", () -> Data.rows(Contract.context(arena).decode(Contract.parse(bad, arena),
                        b.dtype(), length)));
                attempt(f.id(), what + " take", () -> Data.rows(Contract.context(arena).take(Contract.parse(bad, arena),
                        b.dtype(), length, idx)));
            }
        }
    }

    /**
     * Per id: corrupt nodes that decoded, that failed with a validation error, and that failed through
     * {@link DecodeContext}'s safety net ("malformed …": a runtime exception in an unchecked loop).
     * Printed, not asserted: the contract allows all three.
     */
    private static final Map<String, int[]> OUTCOMES = new ConcurrentSkipListMap<>();

    @AfterAll
    static void printOutcomes() {
        StringBuilder sb = new StringBuilder("EncodingContractTest: corrupt nodes decoded/rejected/safety-net per id:");
        OUTCOMES.forEach((id, n) -> sb.append(' ').append(id).append('=').append(n[0]).append('/').append(n[1])
                .append('/').append(n[2]));
        System.out.println(sb);
    }

    private static void attempt(String id, String what, Runnable decode) {
        int[] tally = OUTCOMES.computeIfAbsent(id, k -> new int[3]);
        try {
            decode.run();
            synchronized (tally) {
                tally[0]++;
            }
        } catch (VortexException expected) {
            // a located error: the contract
            synchronized (tally) {
                tally[String.valueOf(expected.getMessage()).contains("malformed ") ? 2 : 1]++;
            }
        } catch (Throwable t) {
            fail(what + ": " + t, t);
        }
    }

    /** One flipped byte or one truncation in some node's metadata or buffer; {@code null} when there is none. */
    static WriteNode mutate(WriteNode root, SplittableRandom r, StringBuilder what) {
        List<int[]> sites = new ArrayList<>();
        sites(root, new ArrayList<>(), sites);
        if (sites.isEmpty()) {
            return null;
        }
        int[] site = sites.get(r.nextInt(sites.size()));
        return rebuild(root, site, 0, r, what);
    }

    /** Sites: the child path followed by -1 for metadata or a buffer index. */
    private static void sites(WriteNode n, List<Integer> path, List<int[]> out) {
        if (n.metadata().length > 0) {
            out.add(site(path, -1));
        }
        for (int k = 0; k < n.buffers().size(); k++) {
            if (n.buffers().get(k).data().byteSize() > 0) {
                out.add(site(path, k));
            }
        }
        for (int c = 0; c < n.children().size(); c++) {
            path.add(c);
            sites(n.children().get(c), path, out);
            path.removeLast();
        }
    }

    private static int[] site(List<Integer> path, int last) {
        int[] s = new int[path.size() + 1];
        for (int i = 0; i < path.size(); i++) {
            s[i] = path.get(i);
        }
        s[path.size()] = last;
        return s;
    }

    private static WriteNode rebuild(WriteNode n, int[] site, int depth, SplittableRandom r, StringBuilder what) {
        what.append(n.encodingId());
        if (depth < site.length - 1) {
            List<WriteNode> children = new ArrayList<>(n.children());
            what.append("/child[").append(site[depth]).append("]/");
            children.set(site[depth], rebuild(children.get(site[depth]), site, depth + 1, r, what));
            return new WriteNode(n.encodingId(), n.metadata(), n.buffers(), children, n.stats());
        }
        int target = site[depth];
        byte[] bytes = target < 0 ? n.metadata().clone() : n.buffers().get(target).data().toArray(ValueLayout.JAVA_BYTE);
        byte[] changed;
        if (r.nextInt(10) < 7) {
            int at = r.nextInt(bytes.length);
            int xor = 1 + r.nextInt(255);
            bytes[at] ^= (byte) xor;
            changed = bytes;
            what.append(target < 0 ? " metadata" : " buffer " + target).append(" byte ").append(at).append(" ^= ")
                    .append(xor);
        } else {
            int keep = r.nextInt(bytes.length);
            changed = Arrays.copyOf(bytes, keep);
            what.append(target < 0 ? " metadata" : " buffer " + target).append(" truncated ").append(bytes.length)
                    .append(" -> ").append(keep);
        }
        if (target < 0) {
            return new WriteNode(n.encodingId(), changed, n.buffers(), n.children(), n.stats());
        }
        List<WriteNode.Buffer> buffers = new ArrayList<>(n.buffers());
        buffers.set(target, new WriteNode.Buffer(MemorySegment.ofArray(changed), n.buffers().get(target).alignment()));
        return new WriteNode(n.encodingId(), n.metadata(), buffers, n.children(), n.stats());
    }
}
