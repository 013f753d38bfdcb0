import type { VersionExampleValues } from '@portal/service-runtime';

/**
 * The create examples' values under v9-1 (applyVersionExamples): both versions share the database,
 * so the v9-1 creates make records of their own, and every example of the document runs in any
 * order. The path ids that differ per version are written where they are documented (IdParam).
 */
export const PROFILE_VERSION_EXAMPLES: VersionExampleValues = {
  'v9-1': {
    // POST /clients
    'guichet-borne': 'schalter-terminal',
    'client.guichetBorne': 'client.schalterTerminal',
    // POST /identification-levels
    BankIdentified: 'PostIdentified',
    'identificationLevel.bankIdentified': 'identificationLevel.postIdentified',
    // POST /org-identification-levels
    CommercialRegisterVerified: 'ZefixVerified',
    'orgIdentificationLevel.commercialRegisterVerified': 'orgIdentificationLevel.zefixVerified',
    // POST /identity-providers
    SwissEId: 'TrustID',
    'identityProvider.swissEId': 'identityProvider.trustId',
    'Portal.Identity.Providers.SwissEId': 'Portal.Identity.Providers.TrustId',
    // POST /legal-forms
    ForeignBranch: 'SwissBranch',
    'legalForm.foreignBranch': 'legalForm.swissBranch',
    '0111': '0151',
    // POST /marital-statuses
    PartnershipDissolvedByDeath: 'PartnershipDissolvedByAbsence',
    'maritalStatus.partnershipDissolvedByDeath': 'maritalStatus.partnershipDissolvedByAbsence',
    // POST /org-categories
    Church: 'School',
    'orgCategory.church': 'orgCategory.school',
    CHURCH: 'SCHOOL',
    // POST /roles
    TaxAdviser: 'Trustee',
    'role.taxAdviser': 'role.trustee',
    // POST /service-themes
    Health: 'Security',
    'serviceTheme.health': 'serviceTheme.security',
    // POST /services
    'RES-003': 'RES-004',
    'dog-registration': 'boat-registration',
    'service.dogRegistration': 'service.boatRegistration',
    // POST /service-settings
    'sms-reminder': 'email-reminder',
    'setting.smsReminder': 'setting.emailReminder',
    // POST /profiles: a person and an organization of their own
    'anna.muster': 'lea.brunner',
    'anna.muster@bluewin.ch': 'lea.brunner@bluewin.ch',
    Anna: 'Lea',
    Muster: 'Brunner',
    'Bäckerei Keller AG': 'Metzgerei Schmid AG',
    'CHE-123.456.789': 'CHE-109.876.542',
    'info@baeckerei-keller.ch': 'info@metzgerei-schmid.ch',
    // POST /profiles/2/outbound-procurations/7: Thomas Baumann's address
    'marco.rossi@sunrise.ch': 'thomas.baumann@hispeed.ch',
  },
};
