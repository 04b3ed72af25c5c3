#include <catch2/catch.hpp>

#include "core/schedule_io.hpp"
#include "core/sha256.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

namespace {

Schedule sample() {
  Schedule s = test::ring4_broadcast();
  s.algorithm = "hand";
  return s;
}

VerificationRecord record() {
  VerificationRecord r;
  r.checker = "test";
  r.verdict = "holds";
  r.steps = 2;
  r.payload_sum = 2;
  r.transfers = 3;
  return r;
}

std::string json_error(const std::string& text) {
  return test::error_of([&] { schedule_from_json(text); });
}

}  // namespace

TEST_CASE("sha256 matches the FIPS 180-4 test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("a schedule survives writing and reading, with and without a record") {
  const Schedule s = sample();
  const auto plain = schedule_from_json(schedule_to_json(s));
  CHECK(plain.schedule == s);
  CHECK_FALSE(plain.record);
  const auto with = schedule_from_json(schedule_to_json(s, record()));
  CHECK(with.schedule == s);
  REQUIRE(with.record);
  CHECK(with.record->content_hash == with.content_hash);
  CHECK(with.content_hash == schedule_content_hash(s));
}

TEST_CASE("a tampered or truncated file is rejected") {
  const std::string text = schedule_to_json(sample(), record());
  // change one transfer target: the content no longer matches the record's hash
  std::string tampered = text;
  tampered.replace(tampered.find("\"to\":[1]"), 8, "\"to\":[3]");
  CHECK_THAT(json_error(tampered), Catch::Contains("tampered"));
  CHECK_THAT(json_error(text.substr(0, text.size() / 2)), Catch::Contains("not valid JSON"));
  CHECK_THAT(json_error(""), Catch::Contains("not valid JSON"));
}

TEST_CASE("malformed schedule files name what is wrong") {
  const std::vector<std::pair<std::string, std::string>> catalogue = {
      {"[]", "expected a JSON object"},
      {R"J({"format":"x"})J", "format must be \"netsched-schedule\""},
      {R"J({"format":"netsched-schedule","version":2})J", "unsupported version 2"},
      {R"J({"format":"netsched-schedule","version":1})J", "missing field 'topology'"},
      {R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"x","nodes":3}})J",
       "collective: unknown kind"},
      {R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"broadcast","nodes":3}})J",
       "collective: missing field 'root'"},
      {R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"broadcast","nodes":3,"root":0},"model":"two-port"})J",
       "unknown model"},
      {R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"broadcast","nodes":3,"root":0},"model":"one-port","payloads":[[0]],"steps":[{"from":[0],"to":[1,2],"payload":0}]})J",
       "step 0: from and to have different lengths"},
      {R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"broadcast","nodes":3,"root":0},"model":"one-port","payloads":[[0]],"steps":[{"from":[0],"to":[-1],"payload":0}]})J",
       "step 0 transfer 0: expected a node id"},
      {R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"broadcast","nodes":3,"root":0},"model":"one-port","payloads":[[0]],"steps":[{"from":[0],"to":[1],"payload":4}]})J",
       "step 0 transfer 0: payload index out of range"},
  };
  for (const auto& [text, message] : catalogue) {
    INFO(text);
    CHECK_THAT(json_error(text), Catch::Contains(message));
  }
}

TEST_CASE("selector payloads survive writing and reading, bad selectors are named") {
  Schedule s;
  s.topology = "ring(4)";
  s.collective = Collective::total_exchange(4);
  Payload p;
  p.select = Selector{{{0, 1}, {3, 3}}, {{2, 2}}};
  s.payloads = {p};
  s.steps = {{{{NodeId(2), NodeId(1), 0}}}};
  CHECK(schedule_from_json(schedule_to_json(s)).schedule == s);
  const std::string head =
      R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"scatter","nodes":3,"root":0},"model":"one-port","steps":[],"payloads":)J";
  CHECK_THAT(json_error(head + R"J([{"held":{"dest_in":[[2,1]]}}]})J"),
             Catch::Contains("payload 0: dest_in has a range with lo > hi"));
  CHECK_THAT(json_error(head + R"J([{"held":{"near":[[1,2]]}}]})J"),
             Catch::Contains("payload 0: unknown selector 'near'"));
  CHECK_THAT(json_error(head + R"J([{"held":{"dest_in":[1,2]}}]})J"),
             Catch::Contains("payload 0: dest_in must be a list of [lo, hi] ranges"));
}

TEST_CASE("acquisition windows survive writing and reading") {
  Schedule s;
  s.topology = "ring(4)";
  s.collective = Collective::total_exchange(4);
  Payload p;
  p.select = Selector{{{0, 3}}, {}, {{0, 0}, {3, 5}}};
  s.payloads = {p};
  s.steps = {{{{NodeId(0), NodeId(1), 0}}}};
  CHECK(schedule_from_json(schedule_to_json(s)).schedule == s);
  const std::string head =
      R"J({"format":"netsched-schedule","version":1,"topology":"ring(3)","collective":{"kind":"scatter","nodes":3,"root":0},"model":"one-port","steps":[],"payloads":)J";
  CHECK_THAT(json_error(head + R"J([{"held":{"acquired_in":[[5,1]]}}]})J"),
             Catch::Contains("acquired_in has a range with lo > hi"));
}

TEST_CASE("digit boxes survive writing and reading, bad digits and boxes are named") {
  Schedule s;
  s.topology = "torus(2,3)";
  s.collective = Collective::total_exchange(6);
  s.digits = {2, 3};
  const Digits d(s.digits);
  DigitBox b = full_box(d);
  set_digit(d, b, 1, {0, 2});
  Payload p;
  p.select = Selector{{}, {}, {{0, 0}}, {b, point_box(d, 4)}};
  s.payloads = {p};
  s.steps = {{{{NodeId(0), NodeId(1), 0}}}};
  const std::string text = schedule_to_json(s);
  CHECK_THAT(text, Catch::Contains(R"("dest_boxes":[["*",[0,2]],[1,1]])"));
  CHECK(schedule_from_json(text).schedule == s);
  const std::string head =
      R"J({"format":"netsched-schedule","version":1,"topology":"torus(2,3)","collective":{"kind":"total-exchange","nodes":6},"model":"one-port","steps":[],)J";
  const std::vector<std::pair<std::string, std::string>> catalogue = {
      {R"J("digits":[2,2],"payloads":[]})J",
       "digits: the radices multiply to 4, but the collective has 6 nodes"},
      {R"J("digits":[2,0,3],"payloads":[]})J", "digits: every radix is an integer 1..65536"},
      {R"J("digits":[2,3,5],"payloads":[]})J", "digits: the radices multiply to more than 6"},
      {R"J("payloads":[{"held":{"dest_boxes":[[0,1]]}}]})J",
       "payload 0: dest_boxes needs the schedule's digits"},
      {R"J("digits":[2,3],"payloads":[{"held":{"dest_boxes":[[0]]}}]})J",
       "payload 0: dest_boxes must be a list of boxes"},
      {R"J("digits":[2,3],"payloads":[{"held":{"dest_boxes":[[0,3]]}}]})J",
       "payload 0: dest_boxes: digit 1 value 3 is not below its radix 3"},
      {R"J("digits":[2,3],"payloads":[{"held":{"dest_boxes":[[[],1]]}}]})J",
       "payload 0: dest_boxes: digit 0 allows no value"},
  };
  for (const auto& [tail, message] : catalogue) {
    INFO(tail);
    CHECK_THAT(json_error(head + tail), Catch::Contains(message));
  }
}

TEST_CASE("share_equal_payloads keeps one of equal payloads and every transfer's content") {
  Schedule s;
  s.collective = Collective::total_exchange(3);
  for (std::uint32_t i = 0; i < 6; ++i) {
    Payload p;
    p.select = Selector{{}, {}, {{0, i % 2}}, {}};  // two distinct selectors, three copies each
    s.payloads.push_back(p);
    s.steps.push_back(Step::of({{NodeId(0), NodeId(1), i}}));
  }
  const Schedule before = s;
  share_equal_payloads(s);
  CHECK(s.payloads.size() == 2);
  for (std::size_t i = 0; i < s.steps.size(); ++i)
    CHECK(s.payloads[s.steps[i].transfers[0].payload] ==
          before.payloads[before.steps[i].transfers[0].payload]);
}
