import { describe, expect, it } from "vitest";
import {
  ACCOUNT_ADDRESS_POLICY,
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  NO_FAILURES,
  addressBucket,
  countAttempt,
  forgiveAttempt,
  grownBlock,
  minutesBlocked,
  type ThrottleState,
} from "./login-throttle";

const start = new Date("2026-11-22T08:00:00Z");
const at = (minutes: number, seconds = 0) =>
  new Date(start.getTime() + minutes * 60_000 + seconds * 1000);

function attempts(count: number, when: (index: number) => Date, state = NO_FAILURES) {
  let current: ThrottleState = state;
  for (let index = 0; index < count; index += 1) {
    current = countAttempt(current, when(index), ACCOUNT_ADDRESS_POLICY);
  }
  return current;
}

describe("counting sign-in attempts", () => {
  it("blocks on the fifth attempt within 15 minutes, for 15 minutes from that attempt", () => {
    const four = attempts(4, (index) => at(index));
    expect(four.failures).toBe(4);
    expect(minutesBlocked(four, at(4))).toBeNull();
    const five = countAttempt(four, at(4), ACCOUNT_ADDRESS_POLICY);
    expect(five.blockedUntil).toEqual(at(19));
    expect(minutesBlocked(five, at(4))).toBe(15);
    expect(minutesBlocked(five, at(18, 1))).toBe(1);
    expect(minutesBlocked(five, at(19))).toBeNull();
  });

  it("rounds the minutes to wait up, never showing 0", () => {
    const blocked: ThrottleState = { failures: 5, windowStartedAt: start, blockedUntil: at(3) };
    expect(minutesBlocked(blocked, at(0, 1))).toBe(3);
    expect(minutesBlocked(blocked, at(2, 59))).toBe(1);
    expect(minutesBlocked(blocked, at(3, 1))).toBeNull();
  });

  it("starts a new window when the old one is over", () => {
    const four = attempts(4, (index) => at(index * 3)); // 0, 3, 6, 9
    const later = countAttempt(four, at(15), ACCOUNT_ADDRESS_POLICY);
    expect(later).toEqual({ failures: 1, windowStartedAt: at(15), blockedUntil: null });
  });

  it("counts from one again once a block has run out", () => {
    const blocked = attempts(5, (index) => at(index));
    const after = countAttempt(blocked, at(20), ACCOUNT_ADDRESS_POLICY);
    expect(after).toEqual({ failures: 1, windowStartedAt: at(20), blockedUntil: null });
  });

  it("takes a successful attempt back, lifting the block only that attempt started", () => {
    const five = attempts(5, (index) => at(index));
    expect(forgiveAttempt(five, ACCOUNT_ADDRESS_POLICY)).toEqual({
      failures: 4,
      windowStartedAt: start,
      blockedUntil: null,
    });
    const three = attempts(3, (index) => at(index));
    expect(forgiveAttempt(three, ACCOUNT_ADDRESS_POLICY).failures).toBe(2);
    expect(forgiveAttempt(NO_FAILURES, ACCOUNT_ADDRESS_POLICY).failures).toBe(0);
  });

  it("allows an account twenty attempts from all addresses together", () => {
    let state = NO_FAILURES;
    for (let index = 0; index < 19; index += 1) state = countAttempt(state, at(0), ACCOUNT_POLICY);
    expect(minutesBlocked(state, at(0))).toBeNull();
    state = countAttempt(state, at(0), ACCOUNT_POLICY);
    expect(minutesBlocked(state, at(0))).toBe(15);
  });

  it("allows an address twenty attempts", () => {
    let state = NO_FAILURES;
    for (let index = 0; index < 19; index += 1) state = countAttempt(state, at(0), ADDRESS_POLICY);
    expect(minutesBlocked(state, at(0))).toBeNull();
    state = countAttempt(state, at(0), ADDRESS_POLICY);
    expect(minutesBlocked(state, at(0))).toBe(15);
  });
});

describe("the address a lockout counts by", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 by its /64 prefix, however it is written", () => {
    const bucket = "2001:db8:0:1::/64";
    expect(addressBucket("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe(bucket);
    expect(addressBucket("2001:0DB8:0000:0001::1")).toBe(bucket);
    expect(addressBucket("2001:db8:0:1::")).toBe(bucket);
    expect(addressBucket("2001:db8::1:0:0:0:1")).toBe("2001:db8:0:1::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(addressBucket("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("names a missing address and keeps a malformed one as it came", () => {
    expect(addressBucket(undefined)).toBe("unbekannt");
    expect(addressBucket(" ")).toBe("unbekannt");
    expect(addressBucket("1:2:3")).toBe("1:2:3");
    expect(addressBucket("1::2::3")).toBe("1::2::3");
  });
});

describe("account-wide blocks in a row", () => {
  const minutesOf = (blockedUntil: Date, from: Date) =>
    (blockedUntil.getTime() - from.getTime()) / 60_000;

  it("double from 15 minutes while they follow one another, up to 240", () => {
    let record: ThrottleState = NO_FAILURES;
    const lengths: number[] = [];
    let now = at(0);
    for (let block = 0; block < 7; block += 1) {
      const grown = grownBlock(record, now, ACCOUNT_POLICY);
      lengths.push(minutesOf(grown.blockedUntil, now));
      record = grown.record;
      // The next block starts a minute after this one ended.
      now = new Date(grown.blockedUntil.getTime() + 60_000);
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 240, 240]);
  });

  it("start at 15 minutes again after a day without a block", () => {
    const first = grownBlock(NO_FAILURES, at(0), ACCOUNT_POLICY);
    const second = grownBlock(first.record, at(60), ACCOUNT_POLICY);
    expect(minutesOf(second.blockedUntil, at(60))).toBe(30);
    // A day after the second block ended (at minute 90).
    const muchLater = at(90 + 24 * 60);
    const fresh = grownBlock(second.record, muchLater, ACCOUNT_POLICY);
    expect(minutesOf(fresh.blockedUntil, muchLater)).toBe(15);
    expect(fresh.record.failures).toBe(1);
  });
});
