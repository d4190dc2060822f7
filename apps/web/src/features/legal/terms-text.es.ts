import { legalEntity } from '@pria/contracts/legal/entity';
import type { LegalTextData } from './legal-text-data.ts';

/**
 * The terms of service in US Spanish (usted, docs/glossary-es.md), section for section with
 * terms-sections.tsx (a test holds the ids and their order). A translation: the English text governs,
 * and its version is the one a consent names. Its own chunk: only Spanish readers download it.
 */

/** Sección 6: 22 incisos, de la a a la v. */
const actividadesProhibidas = [
  'Extraer sistemáticamente datos u otro contenido de los Servicios para crear una recopilación, base de datos o directorio sin nuestro permiso por escrito.',
  'Engañarnos, defraudarnos o inducirnos a error, a nosotros o a otros usuarios, en especial para obtener información confidencial de una cuenta, como las contraseñas.',
  'Eludir, desactivar o interferir con las funciones de seguridad de los Servicios.',
  'Desprestigiar, perjudicar o dañar de cualquier otro modo nuestra reputación o la de los Servicios.',
  'Usar información obtenida de los Servicios para acosar, maltratar o dañar a otra persona.',
  'Hacer un uso indebido de nuestros servicios de ayuda o presentar denuncias falsas de abuso o de conducta indebida.',
  'Usar los Servicios de una manera contraria a cualquier ley o reglamento aplicable.',
  'Registrar una tarjeta que usted no esté autorizado a usar, o una tarjeta que no sea una tarjeta de crédito Visa o Mastercard.',
  'Cargar o transmitir virus, troyanos u otro material que interfiera con los Servicios.',
  'Hacer cualquier uso automatizado del sistema, como el uso de scripts, bots, programas de extracción de datos (scrapers) o herramientas de minería de datos para acceder a los Servicios.',
  'Eliminar el aviso de derechos de autor o de otros derechos de propiedad de cualquier contenido.',
  'Intentar hacerse pasar por otro usuario o por otra persona, o usar el nombre de usuario de otro usuario.',
  'Cargar o transmitir material que funcione como mecanismo pasivo o activo de recopilación de información, como programas espía (spyware) o balizas web.',
  'Interferir con los Servicios o con las redes conectadas a ellos, interrumpirlos o imponerles una carga excesiva.',
  'Acosar, molestar, intimidar o amenazar a cualquiera de nuestros empleados o agentes.',
  'Intentar eludir cualquier medida diseñada para impedir o restringir el acceso a los Servicios.',
  'Copiar o adaptar el software de los Servicios, incluidos el código HTML, JavaScript o cualquier otro código.',
  'Descifrar, descompilar, desensamblar o aplicar ingeniería inversa a cualquier software que forme parte de los Servicios, salvo en la medida en que la ley lo permita.',
  'Usar los Servicios para intentar lavar dinero, probar tarjetas robadas o cometer cualquier otro delito financiero.',
  'Crear más de una cuenta para usted, o crear una cuenta en nombre de otra persona.',
  'Usar los Servicios como parte de cualquier actividad destinada a competir con nosotros o de cualquier actividad con fines de lucro.',
  'Vender o transferir de cualquier otro modo su cuenta o su perfil.',
] as const;

export const termsTextEs: LegalTextData = {
  title: 'TÉRMINOS DEL SERVICIO DE PRIA',
  governingNotice:
    'Esta traducción al español se ofrece para su comodidad. La versión en inglés de estos Términos es la que rige: si la versión en español y la versión en inglés difieren, prevalecerá la versión en inglés.',
  intro: [
    'Estos Términos del Servicio son un acuerdo legalmente vinculante entre usted y Pria, Inc. ("Pria", "nosotros") sobre el uso que usted haga de nuestro sitio web y de nuestros servicios para construir crédito (los "Servicios"). Al crear una cuenta o usar los Servicios, usted acepta estos Términos. Si no los acepta, no debe usar los Servicios.',
  ],
  sections: [
    {
      id: 'distribution-limited',
      title: 'Distribución limitada',
      body: [
        'Los Servicios están destinados únicamente a residentes de los Estados Unidos. Los Servicios no están disponibles fuera de los Estados Unidos, y la información que contienen no está destinada a su distribución ni a su uso por ninguna persona en un país donde dicha distribución o uso sea contrario a la ley. Quienes accedan a los Servicios desde otro lugar lo hacen por su propia iniciativa y son responsables de cumplir con la ley local.',
      ],
    },
    {
      id: 'age-restriction',
      title: 'Restricción de edad',
      body: [
        'Para usar los Servicios, usted debe tener al menos 18 años y registrar una cuenta. Al usar los Servicios, usted declara que tiene al menos 18 años y que es ciudadano o residente permanente de los Estados Unidos.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Propiedad intelectual y licencia limitada',
      body: [
        'Los Servicios, incluidos su software, diseño, textos, gráficos y logotipos, son propiedad de Pria, Inc. o se le otorgan bajo licencia, y están protegidos por las leyes de derechos de autor y de marcas. Le otorgamos una licencia limitada, revocable, no exclusiva e intransferible para acceder a los Servicios y usarlos para su uso personal y no comercial. No se le otorga ningún otro derecho.',
      ],
    },
    {
      id: 'user-representations',
      title: 'Declaraciones del usuario',
      body: [
        'Al usar los Servicios, usted declara y garantiza que: toda la información de registro que presente es verdadera, exacta, actual y completa; mantendrá la información de su cuenta verdadera, exacta y actual, y la actualizará sin demora cuando cambie; tiene la capacidad legal para aceptar estos Términos; está autorizado a usar cada tarjeta que registre; no accederá a los Servicios por medios automatizados o no humanos, ya sea mediante un bot, un script o de otro modo; y su uso de los Servicios no infringe ninguna ley aplicable.',
      ],
    },
    {
      id: 'user-registration',
      title: 'Registro del usuario',
      body: [
        'Para usar los Servicios, usted debe registrar una cuenta. Usted se compromete a mantener su contraseña en forma confidencial y es responsable de todo uso de su cuenta. Nos reservamos el derecho de eliminar, recuperar o cambiar un nombre de usuario que usted elija si determinamos que es inapropiado o engañoso.',
      ],
    },
    {
      id: 'prohibited-activities',
      title: 'Actividades prohibidas',
      body: [
        'Usted no puede acceder a los Servicios ni usarlos para ningún fin distinto de aquel para el cual los ponemos a su disposición. Como usuario de los Servicios, usted se compromete a no:',
        { lettered: actividadesProhibidas, label: 'Actividades prohibidas' },
      ],
    },
    {
      id: 'submissions',
      title: 'Comentarios enviados',
      body: [
        'Las preguntas, comentarios, sugerencias, ideas, opiniones u otros aportes que usted nos envíe sobre los Servicios (los "Comentarios enviados") no son confidenciales y pasan a ser de nuestra exclusiva propiedad. Somos titulares de todos los derechos sobre los Comentarios enviados y podemos usarlos y compartirlos para cualquier fin lícito, comercial o de otro tipo, sin reconocimiento ni compensación para usted.',
      ],
    },
    {
      id: 'third-party-websites',
      title: 'Sitios web y contenido de terceros',
      body: [
        'Los Servicios pueden contener enlaces a otros sitios web y contenido de terceros, como el emisor de su tarjeta o nuestro procesador de pagos. No los revisamos, no los controlamos ni los respaldamos, y no somos responsables de ellos. Si usted sale de los Servicios para usar el sitio web de un tercero, lo hace por su cuenta y riesgo y conforme a los términos y políticas de ese sitio web.',
      ],
    },
    {
      id: 'site-management',
      title: 'Administración del sitio',
      body: [
        'Nos reservamos el derecho, pero no la obligación, de supervisar los Servicios para detectar infracciones de estos Términos; de emprender las acciones legales que correspondan contra cualquier persona que infrinja la ley o estos Términos, incluida su denuncia ante las autoridades; y de administrar de otro modo los Servicios de una manera destinada a proteger nuestros derechos y bienes y a mantener el buen funcionamiento de los Servicios.',
      ],
    },
    {
      id: 'privacy-policy',
      title: 'Política de Privacidad',
      body: [
        'Nos importan la privacidad y la seguridad de los datos. Nuestra Política de Privacidad, disponible en /policy, forma parte de estos Términos. Los datos de las tarjetas se tokenizan a través de nuestro procesador de pagos y Pria nunca los guarda. Los Servicios se alojan en los Estados Unidos.',
      ],
    },
    {
      id: 'term-and-termination',
      title: 'Vigencia y terminación',
      body: [
        'Estos Términos permanecen en pleno vigor mientras usted use los Servicios. Sin limitar ninguna otra disposición de estos Términos, podemos, a nuestra entera discreción y sin previo aviso ni responsabilidad, negar el acceso a los Servicios a cualquier persona por cualquier motivo, incluido el incumplimiento de estos Términos o de cualquier ley. Podemos suspender o cancelar su cuenta en cualquier momento. Si cancelamos su cuenta, se le prohíbe registrar una cuenta nueva a su nombre, con un nombre falso o prestado o con el nombre de un tercero, y podemos negarnos a registrarlo de nuevo. Usted puede cancelar su suscripción o eliminar su cuenta en cualquier momento desde la configuración de la cuenta.',
      ],
    },
    {
      id: 'modifications-and-interruptions',
      title: 'Modificaciones e interrupciones',
      body: [
        'Podemos modificar, suspender o descontinuar cualquier parte de los Servicios en cualquier momento, y podemos cambiar nuestros precios avisándole antes de su próximo período de facturación. No podemos garantizar que los Servicios estén siempre disponibles; el mantenimiento o los problemas de hardware, software o de la red pueden causar interrupciones. No somos responsables de ninguna pérdida o molestia que le cause no poder usar los Servicios durante una interrupción.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Ley aplicable',
      body: [
        'Estos Términos y su uso de los Servicios se rigen por las leyes del Estado de California, sin tener en cuenta sus normas sobre conflictos de leyes, y por la ley federal aplicable de los Estados Unidos.',
      ],
    },
    {
      id: 'dispute-resolution',
      title: 'Arbitraje obligatorio y resolución de disputas',
      body: [
        'Toda disputa que surja de estos Términos o de los Servicios, o que se relacione con ellos, se resolverá mediante arbitraje definitivo y vinculante de forma individual, administrado conforme a las reglas de arbitraje para consumidores de un proveedor de arbitraje reconocido. Usted y Pria renuncian cada uno al derecho a un juicio con jurado y al derecho a iniciar una demanda colectiva, una acción colectiva o un procedimiento representativo, o a participar en ellos.',
        'Todo reclamo debe presentarse dentro del plazo de un año a partir del momento en que surja la causa de la acción; de lo contrario, prescribirá de forma permanente. Cuando una disputa pueda tramitarse ante un tribunal (por ejemplo, un reclamo de menor cuantía o una acción para ejecutar un laudo arbitral), la jurisdicción corresponderá a los tribunales estatales y federales ubicados en el Condado de Los Ángeles, California, y usted y Pria se someten a su competencia.',
      ],
    },
    {
      id: 'corrections',
      title: 'Correcciones',
      body: [
        'Los Servicios pueden contener errores tipográficos, inexactitudes u omisiones, incluso en las descripciones, los precios y la disponibilidad. Nos reservamos el derecho de corregirlos y de cambiar o actualizar la información en cualquier momento sin previo aviso.',
      ],
    },
    {
      id: 'disclaimer',
      title: 'Exención de responsabilidad',
      body: [
        'Los Servicios se ofrecen "tal cual" y "según disponibilidad". En la máxima medida permitida por la ley, rechazamos toda garantía, expresa o implícita, incluidas las de comerciabilidad, idoneidad para un fin determinado y no infracción. Pria no garantiza ningún resultado en particular: su puntaje de crédito depende de muchos factores que están fuera de nuestro control, y Pria no elimina información negativa de su historial de crédito.',
      ],
    },
    {
      id: 'limitations',
      title: 'Limitaciones',
      body: [
        'Los pagos de Cargo y Abono a su tarjeta no incluyen el costo de su suscripción. Cada cargo mensual se intenta una sola vez y no se vuelve a intentar si es rechazado. Es el emisor de su tarjeta, y no Pria, quien decide si la actividad de su tarjeta se informa a las agencias de informes de crédito y de qué manera.',
      ],
    },
    {
      id: 'liability',
      title: 'Responsabilidad',
      body: [
        'En ningún caso nosotros ni nuestros directores, empleados o agentes seremos responsables ante usted por daños indirectos, consecuentes, incidentales, especiales o punitivos, incluidos la pérdida de ganancias o la pérdida de datos. Nuestra responsabilidad total ante usted por cualquier causa se limitará en todo momento al monto que usted nos haya pagado durante los seis meses anteriores al momento en que surgió la causa de la acción.',
      ],
    },
    {
      id: 'indemnification',
      title: 'Indemnización',
      body: [
        'Usted se compromete a defendernos, indemnizarnos y eximirnos de responsabilidad frente a cualquier pérdida, daño, responsabilidad, reclamo o demanda, incluidos los honorarios razonables de abogados, que presente un tercero y que surja de su uso de los Servicios, de su incumplimiento de estos Términos o de la violación de los derechos de un tercero.',
      ],
    },
    {
      id: 'electronic-communications',
      title: 'Comunicaciones, transacciones y firmas electrónicas',
      body: [
        'Visitar los Servicios, enviarnos correos electrónicos y completar formularios en línea son comunicaciones electrónicas. Usted acepta recibir comunicaciones electrónicas y acepta que todos los acuerdos, avisos, divulgaciones y demás comunicaciones que le proporcionemos por medios electrónicos cumplen cualquier requisito legal de que consten por escrito. Usted acepta el uso de firmas, contratos, pedidos y otros registros electrónicos, y la entrega electrónica de avisos y de registros de transacciones.',
      ],
    },
    {
      id: 'california-users',
      title: 'Aviso para usuarios de California',
      body: [
        'Si una queja presentada ante nosotros no se resuelve de manera satisfactoria, usted puede comunicarse con la Unidad de Asistencia de Quejas (Complaint Assistance Unit) de la División de Servicios al Consumidor del Departamento de Asuntos del Consumidor de California, por escrito, en 1625 North Market Blvd., Suite N 112, Sacramento, California 95834, o por teléfono al (800) 952-5210 o al (916) 445-1254.',
      ],
    },
    {
      id: 'miscellaneous-contact',
      title: 'Disposiciones varias y contacto',
      body: [
        'Estos Términos y las políticas que publiquemos en los Servicios constituyen el acuerdo completo entre usted y nosotros. El hecho de que no ejerzamos un derecho no implica una renuncia a él. Si alguna disposición se considera ilegal o inaplicable, esa disposición se separará y las demás seguirán en vigor. Usted no puede ceder estos Términos; nosotros podemos cederlos en cualquier momento.',
        'Para resolver una queja o recibir más información sobre los Servicios, comuníquese con nosotros en:',
        {
          address: [
            legalEntity.name,
            legalEntity.street,
            legalEntity.city,
            'Estados Unidos',
            legalEntity.supportEmail,
          ],
        },
      ],
    },
  ],
};
