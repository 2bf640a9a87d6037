/**
 * The enquiry forms' words: field labels and hints, and the messages the browser and the server
 * give for a value they cannot take (src/lib/enquiry.ts holds the rules). `{label}` is the
 * field's label in lower case; `{max}` its length limit.
 */
export const formWords = {
  labels: {
    fullName: "Full Name",
    emailAddress: "Email Address",
    phoneNumber: "Phone Number",
    country: "Country",
    studyInterest: "Study Interest",
    message: "Message",
    name: "Name",
    emailShort: "Email",
  },
  phoneHint: "With your country code, e.g. +44 7700 900123",
  interestPlaceholder: "Select programme type",
  missing: "Please enter your {label}.",
  notChosen: "Please choose your {label}.",
  controls: "Please remove the invisible control characters from your {label}.",
  tooLong: "Please keep your {label} to {max} characters or fewer.",
  emailWrong: "Please enter an e-mail address like name@example.com.",
  badPhone: "Please enter a phone number of 7 to 15 digits, e.g. +44 7700 900123.",
  notInList: "Please choose your {label} from the list.",
  rateLimited:
    "You have sent us several enquiries in a short time, so this one was not sent. Please try again in {wait}, or send it on WhatsApp or by e-mail.",
  aMinute: "a minute",
  minutes: "{minutes} minutes",
  fixOne: "Please fix 1 thing before sending",
  fixMany: "Please fix {count} things before sending",
};
