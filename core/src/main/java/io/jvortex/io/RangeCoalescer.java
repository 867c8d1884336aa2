package io.jvortex.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Plans the requests of a vectored read, in the manner of Hadoop's {@code readVectored}: ranges are
 * sorted by offset, and neighbours whose gap is below {@code coalesceGapBytes} (overlapping ones
 * included) are merged into one request as long as it stays within {@code maxRequestBytes}. A range is
 * never split between requests; a range longer than {@code maxRequestBytes} gets a request of its own
 * (the reader fetches it in parts).
 */
final class RangeCoalescer {
    private RangeCoalescer() {
    }

    /**
     * One planned request and the caller's ranges it serves.
     *
     * @param range the bytes to fetch
     * @param members indexes into the planned list of the ranges inside {@code range}
     */
    public record Request(ByteRange range, List<Integer> members) {
        /**
         * @throws NullPointerException when an argument is null
         */
        public Request {
            Objects.requireNonNull(range, "range");
            members = List.copyOf(members);
        }
    }

    /**
     * Plans requests for a list of ranges.
     *
     * @param ranges the ranges, in any order
     * @param coalesceGapBytes merge neighbours whose gap is smaller than this
     * @param maxRequestBytes a merged request stays within this many bytes
     * @return the requests, sorted by offset; each range index appears in exactly one request
     */
    public static List<Request> plan(List<ByteRange> ranges, long coalesceGapBytes, long maxRequestBytes) {
        Integer[] order = new Integer[ranges.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong((Integer i) -> ranges.get(i).byteOffset())
                .thenComparingLong(i -> ranges.get(i).lengthBytes()));
        List<Request> out = new ArrayList<>();
        List<Integer> members = new ArrayList<>();
        long start = -1;
        long end = -1;
        for (int index : order) {
            ByteRange r = ranges.get(index);
            if (!members.isEmpty()) {
                long gap = r.byteOffset() - end; // negative when overlapping
                long mergedEnd = Math.max(end, r.endOffset());
                if (gap < coalesceGapBytes && mergedEnd - start <= maxRequestBytes) {
                    members.add(index);
                    end = mergedEnd;
                    continue;
                }
                out.add(new Request(new ByteRange(start, end - start), members));
                members = new ArrayList<>();
            }
            members.add(index);
            start = r.byteOffset();
            end = r.endOffset();
        }
        if (!members.isEmpty()) {
            out.add(new Request(new ByteRange(start, end - start), members));
        }
        return out;
    }
}
