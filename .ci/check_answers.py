# Run by: .ci/run, on the quick run's report.
"""CI: a run's report.md opens with the Answers section, and every claim in the claims file has a
verdict (holds, does not hold, holds only for, undecided or not measured in this run, with its reason).
Usage: check_answers.py REPORT_MD CLAIMS_JSON"""
import json
import sys

report_path, claims_path = sys.argv[1:3]
report = open(report_path, encoding="utf-8").read()
claims = json.load(open(claims_path, encoding="utf-8"))
headings = [line for line in report.splitlines() if line.startswith("## ")]
problems = []
if not headings or headings[0] != "## Answers":
    problems.append(f"the first section is {headings[0] if headings else 'missing'}, not ## Answers")
answers = report.split("## Measurements")[0]
verdicts = ("**holds**", "**does not hold**", "**holds only for", "**undecided**", "**not measured in this run**")
lines = [line for line in answers.splitlines() if line.startswith("- **")]
for claim in claims["claims"]:
    says = claim["says"]
    if not any(says in line and line.startswith(tuple("- " + v for v in verdicts)) for line in lines):
        problems.append(f"claim '{claim['id']}' has no verdict in the answers")
for problem in problems:
    print(f"check_answers: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"answers: {len(claims['claims'])} claims, each with a verdict")
